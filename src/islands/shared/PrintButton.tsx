/** Opens the browser's print dialog (the printable certificate); a tiny island, since the CSP runs no inline script. */
export default function PrintButton({ label = 'Print' }: { label?: string }) {
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="inline-flex items-center rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
    >
      {label}
    </button>
  );
}
