import { PermanentGenerationError } from './ports';

/** The person canceled the run: it ends `canceled`, refunded for what was not made. */
export class RunCanceledError extends PermanentGenerationError {
  constructor() {
    super('The generation was canceled');
    this.name = 'RunCanceledError';
  }
}
