import { CheckIcon, CloseIcon } from '../../components/icons/line-icons';
import type { PromptExample, PromptGuide as Guide } from './prompt-advice';
import '../../styles/cluster.css';

function Examples({ tone, examples }: { tone: 'good' | 'bad'; examples: readonly PromptExample[] }) {
  const good = tone === 'good';
  return (
    <div className={`prompt-examples stack prompt-examples--${tone}`}>
      <h4 className="prompt-examples__heading inline-row">
        {good ? <CheckIcon /> : <CloseIcon />}
        {good ? 'Try this' : 'Skip this'}
      </h4>
      <ul className="prompt-examples__list stack">
        {examples.map((example) => (
          <li key={example.prompt} className="prompt-example stack">
            <q className="prompt-example__prompt">{example.prompt}</q>
            <p className="prompt-example__note">{good ? example.note : `Why not: ${example.note}`}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One prose guide: its rule, a short explanation, and good and bad prompts side by side. */
export function PromptGuide({ guide }: { guide: Guide }) {
  return (
    <article className="prompt-guide stack" aria-labelledby={`guide-${guide.id}`}>
      <header className="prompt-guide__header stack">
        <h3 id={`guide-${guide.id}`} className="prompt-guide__title">
          {guide.title}
        </h3>
        <p className="prompt-guide__rule">{guide.rule}</p>
        <p className="prompt-guide__intro">{guide.intro}</p>
      </header>
      <div className="prompt-guide__examples">
        <Examples tone="good" examples={guide.good} />
        <Examples tone="bad" examples={guide.bad} />
      </div>
    </article>
  );
}
