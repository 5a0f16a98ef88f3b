/** A card's and the viewer's caption: one rule, shared with the server's /m/<id> meta. */
export { captionOf, type Caption } from '@app/shared';
