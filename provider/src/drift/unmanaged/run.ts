// The unmanaged-objects report of a drift run: each stack's state (what it declares) and config (its
// credentials and acknowledgements), then each organization the stacks point at, read once, with the
// activities that made what no stack declares. Never throws: what cannot be read becomes `not-evaluable`
// with the reason, and the run exits 1 (a check that could not finish must not look clean).
import { resolveSettings, type ProviderSettings, type SettingsSelector, type SettingsSources } from '../../config';
import { explainServiceError } from '../../config/explain';
import { messageOf } from '../../errors';
import type { AnyKind } from '../../resources/kind';
import type { StackRunner } from '../../stack/run';
import { nativeDeclaration } from '../../export/native';
import { tsDeclaration, type Declaration } from '../../export/render';
import { generateSchema } from '../../native/schema';
import type { DeploymentLike } from '../../stack/events';
import { declaredObjects, type DeclaredObject } from './declared';
import { configRules, IGNORE_CONFIG_KEY } from './ignore';
import { addCounts, organizationInventory } from './inventory';
import { historyTypes, Provenance } from './provenance';
import { sessionReaders, type MakeInventoryReader } from './read';
import { declarationLanguage } from './language';
import type { DeclarationLanguage, IgnoreRule, OrganizationInventoryReport, UnmanagedReport } from './types';

export interface UnmanagedSettings {
  stacks: readonly string[];
  workDir: string;
  env: Readonly<Record<string, string | undefined>>;
  /** `--ignore` and `--ignore-kind`. */
  rules: readonly IgnoreRule[];
  strict: boolean;
  kinds: readonly AnyKind[];
  /** Tests: how organizations are read (default: the provider's sessions). */
  makeReader?: MakeInventoryReader;
}

interface Organization {
  settings: ProviderSettings;
  /** Where the settings came from, for explaining what the service answers. */
  sources: SettingsSources;
  selector: SettingsSelector;
  stacks: string[];
  declared: DeclaredObject[];
}

/** The credentials' organization: one per base URL and organization id. */
const orgKey = (s: ProviderSettings): string => `${s.baseUrl} ${s.organizationId}`;

async function organizationsOf(
  runner: StackRunner,
  settings: UnmanagedSettings,
): Promise<{ organizations: Organization[]; rules: IgnoreRule[]; states: DeploymentLike[] }> {
  if (runner.exportStack === undefined || runner.stackConfig === undefined) {
    throw new Error("the stack runner cannot read the stacks' state and configuration (exportStack, stackConfig)");
  }
  const byKey = new Map<string, Organization>();
  const rules = [...settings.rules];
  const states: DeploymentLike[] = [];
  for (const stack of settings.stacks) {
    const config = await runner.stackConfig(stack, settings.workDir);
    const deployment = await runner.exportStack(stack, settings.workDir);
    states.push(deployment);
    rules.push(...configRules(stack, config[IGNORE_CONFIG_KEY], settings.kinds));
    const sources: SettingsSources = { config: (key) => config[key], env: settings.env, keys: () => Object.keys(config) };
    const place = (selector: SettingsSelector): Organization => {
      let resolved: ProviderSettings;
      try {
        resolved = resolveSettings(sources, selector);
      } catch (error) {
        throw new Error(`stack ${stack}: ${messageOf(error)}`, { cause: error });
      }
      const key = orgKey(resolved);
      let org = byKey.get(key);
      if (org === undefined) {
        org = { settings: resolved, sources, selector, stacks: [], declared: [] };
        byKey.set(key, org);
      }
      if (!org.stacks.includes(stack)) org.stacks.push(stack);
      return org;
    };
    place({});
    for (const declared of declaredObjects(stack, deployment, settings.kinds)) place(declared.selector).declared.push(declared);
  }
  return { organizations: [...byKey.values()], rules, states };
}

/** Writes a declaration in the stacks' language: the export's renderers, dynamic TypeScript or the native program's. */
function declarationWriter(language: DeclarationLanguage, kinds: readonly AnyKind[]): (d: Declaration) => string {
  if (language.provider === 'dynamic') return (d) => tsDeclaration(d);
  const schema = generateSchema(kinds);
  return (d) => nativeDeclaration(d, language.language, schema);
}

export async function unmanagedReport(runner: StackRunner, settings: UnmanagedSettings): Promise<UnmanagedReport> {
  const sessions = settings.makeReader === undefined ? sessionReaders() : undefined;
  const makeReader = settings.makeReader ?? (sessions as ReturnType<typeof sessionReaders>).make;
  try {
    const { organizations, rules, states } = await organizationsOf(runner, settings);
    const declarations = declarationLanguage(settings.workDir, states, settings.kinds);
    const declare = declarationWriter(declarations, settings.kinds);
    const used = new Set<IgnoreRule>();
    const reports: OrganizationInventoryReport[] = [];
    for (const org of organizations) {
      try {
        const reader = makeReader(org.settings);
        const objects = await reader.objects(settings.kinds);
        const activities = await reader.activities(historyTypes(settings.kinds));
        reports.push(
          organizationInventory(
            {
              organizationId: org.settings.organizationId,
              stacks: org.stacks,
              objects,
              declared: org.declared,
              provenance: new Provenance(activities),
            },
            { rules, strict: settings.strict, kinds: settings.kinds, declare },
            used,
          ),
        );
      } catch (error) {
        const explained = explainServiceError(error, { sources: org.sources, selector: org.selector, baseUrl: org.settings.baseUrl });
        throw new Error(`organization ${org.settings.organizationId}: ${messageOf(explained)}`, { cause: error });
      }
    }
    return {
      status: 'evaluated',
      declarations,
      totals: addCounts(reports.map((r) => r.totals)),
      organizations: reports,
      unusedIgnores: rules.filter((r) => !used.has(r)),
    };
  } catch (error) {
    return { status: 'not-evaluable', reason: messageOf(error) };
  } finally {
    await sessions?.close();
  }
}
