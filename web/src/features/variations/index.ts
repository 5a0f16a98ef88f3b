/** Variations of one of the person's finished items: the server's price first, then the run. */
export { useVariations, type Variations } from './variations';
