/** One headline figure with its label and a note (the school board's and a course's board); styled by `.kpi` in each board's css. */
export function Kpi({ label, value, note, testId }: { label: string; value: number | string; note: string; testId: string }) {
  return (
    <div className="kpi" data-testid={testId}>
      <span className="kpi-label">{label}</span>
      <strong className="kpi-value">{value}</strong>
      <span className="kpi-note">{note}</span>
    </div>
  )
}
