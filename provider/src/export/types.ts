// What the export's renderers share: the options, one exported object, and what a render returns.
import type { ProgramLanguage } from '../native/examples';
import type { ExportValue, AnyKind } from '../resources/kind';

export interface ExportOptions {
  /** The program's language (default typescript). */
  language?: ProgramLanguage;
  /** TypeScript on the native provider's generated SDK instead of the dynamic classes (YAML, Python and Go always are). */
  native?: boolean;
  /** Written into every resource when the export read another organization than the credentials'. */
  organizationId?: string;
  profile?: string;
  versions: { walletinfraPulumi: string; pulumi: string; typescript?: string; typesNode?: string };
}

export interface ExportResult {
  files: Record<string, string>;
  /** How many objects of each kind were declared, by the kind's type (`Policy`). */
  counts: Record<string, number>;
  /** `pulumi config set --secret` commands the user must run before `pulumi up`. */
  secrets: Array<{ key: string; command: string; what: string }>;
}

/** One exported object: its kind, its resource name and its properties in order (`adopt` last). */
export interface Declaration {
  kind: AnyKind;
  name: string;
  properties: Array<[string, ExportValue]>;
  /** Why it is declared with `retainOnDelete: true`, when it is. */
  retain?: string;
}
