/** Text made safe inside HTML, XML or SVG, in element content and in quoted attributes alike. */
export function escapeMarkup(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}
