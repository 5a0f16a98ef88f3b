/** Shown in the page area while the first page's code loads. */
export function RouteLoadingScreen() {
  return (
    <div className="route-loading place-center" role="status" aria-label="Loading">
      <span className="spinner" />
    </div>
  );
}
