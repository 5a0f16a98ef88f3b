import { type ClientMode, SERVICE_MODE_PRESET_TYPE, SERVICE_TO_CLIENT_MODE, type ServiceMode } from '@app/shared';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { Modal } from '../../components/dialog/modal';
import { SparkleIcon } from '../../components/icons/line-icons';
import { lookTitleOf, type MediaItem, presetTypeLabel } from '../../entities/media/media-item';
import { credits } from '../../lib/count-text';
import { getGenerationEngine, type QuoteAnswer, type VariationSource } from '../generation';

/** The composer's mode an item was made in (its stored preset kind), for its run card. */
export function modeOf(presetType: string | null): ClientMode {
  const entry = Object.entries(SERVICE_MODE_PRESET_TYPE).find(([, type]) => type === presetType?.replace(/-/g, '_'));
  return entry ? SERVICE_TO_CLIENT_MODE[entry[0] as ServiceMode] : 'custom';
}

export function variationSourceOf(item: MediaItem): VariationSource {
  return { mediaId: item.id, mode: modeOf(item.presetType), look: lookTitleOf(item) ?? presetTypeLabel(item.presetType), prompt: item.prompt };
}

type Price = { state: 'loading' } | { state: 'known'; quote: QuoteAnswer } | { state: 'failed' };

export interface Variations {
  /** Asks the server what a variation of `item` costs and shows the dialog that starts it. */
  ask(item: MediaItem): void;
  /** The dialog, to render once on the screen that offers Variations. */
  dialog: ReactNode;
}

/**
 * Variations of one of the person's finished items: the price comes from the server
 * (quote-generation) before anything starts, and the run's card then shows in the library
 * like any other run.
 */
export function useVariations(): Variations {
  const [target, setTarget] = useState<MediaItem | null>(null);
  const [price, setPrice] = useState<Price>({ state: 'loading' });
  const asked = useRef<string | null>(null);

  const ask = useCallback((item: MediaItem) => {
    asked.current = item.id;
    setTarget(item);
    setPrice({ state: 'loading' });
    getGenerationEngine()
      .quoteVariation(item.id)
      .then(
        (quote) => asked.current === item.id && setPrice({ state: 'known', quote }),
        () => asked.current === item.id && setPrice({ state: 'failed' }),
      );
  }, []);

  const close = () => {
    asked.current = null;
    setTarget(null);
  };
  const start = () => {
    if (!target) return;
    void getGenerationEngine().generateVariation(variationSourceOf(target));
    close();
  };

  const quote = price.state === 'known' ? price.quote : null;
  const dialog = (
    <Modal
      open={target !== null}
      onClose={close}
      icon={<SparkleIcon />}
      title="Make a variation"
      description={
        <>
          A new take of this creation: the same look and photo, with a new seed.{' '}
          {price.state === 'loading' && 'Checking the price…'}
          {price.state === 'failed' && "The price couldn't be checked. Try again in a moment."}
          {quote && (
            <span data-testid="variation-price">
              It costs {credits(quote.cost)} — you have {quote.balance}.{!quote.enough && ' Not enough credits for this one.'}
            </span>
          )}
        </>
      }
      footer={
        <>
          <button type="button" className="button" onClick={close}>
            Cancel
          </button>
          <button type="button" className="button button--primary" onClick={start} disabled={!quote?.enough} data-autofocus>
            {price.state === 'loading' && <span className="button__spinner" aria-hidden="true" />}
            {quote ? `Make Variation · ${credits(quote.cost)}` : 'Make Variation'}
          </button>
        </>
      }
    />
  );
  return { ask, dialog };
}
