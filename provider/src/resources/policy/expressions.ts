// How a policy-language diagnostic reads in a preview: the checker's message, its suggestion with the full dotted
// path, and the position.
type Diagnostic = { message: string; position: { line: number; column: number; offset: number }; suggestion?: string };

/**
 * The full dotted path of a suggested field: for `activity.resourse` the checker suggests `resource`,
 * and a policy author recognises `activity.resource` faster.
 */
function qualifiedSuggestion(source: string, d: Diagnostic): string | undefined {
  if (d.suggestion === undefined) return undefined;
  const prefix = /((?:[A-Za-z_][A-Za-z0-9_]*\.)+)$/.exec(source.slice(0, d.position.offset))?.[1];
  return prefix !== undefined && /^[A-Za-z_][A-Za-z0-9_]*$/.test(d.suggestion) ? `${prefix}${d.suggestion}` : d.suggestion;
}

/** How an expression problem reads in a preview: the checker's message, the suggestion, the position. */
export function expressionReason(source: string, diagnostics: readonly Diagnostic[]): string {
  return diagnostics
    .map((d) => {
      const full = qualifiedSuggestion(source, d);
      let message = d.message;
      if (full !== undefined && d.suggestion !== undefined) {
        const asked = `did you mean '${d.suggestion}'?`;
        message = message.includes(asked) ? message.replace(asked, `did you mean '${full}'?`) : `${message}; did you mean '${full}'?`;
      }
      return `${message} (line ${d.position.line}, column ${d.position.column})`;
    })
    .join('; ');
}
