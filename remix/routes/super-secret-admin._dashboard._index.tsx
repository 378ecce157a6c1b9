// The admin area's own URL: the dashboard alone, with no lead's detail over it.
export default function DashboardIndex() {
  return null;
}
