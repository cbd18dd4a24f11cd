// The steps of a run, in order (./journal.ts STEPS), each adding its checks to the journal. A step after a
// failed one is skipped, but the destroy and the clean-up always run, so a failed run leaves nothing behind
// but what the service cannot delete.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { messageOf } from '@walletinfra/pulumi/errors';
import type { AnyKind } from '@walletinfra/pulumi/resources/kind';
import { KINDS } from '@walletinfra/pulumi/resources/kinds';
import { checkGone, checkLive } from './checks';
import { LOOKUPS, outputFunctionOf } from './datasources';
import { inventory, sweepables, type Found } from './inventory';
import { ids, lastLines, skipStep, STEPS, type Journal } from './journal';
import { deletable, stepOf } from './kinds';
import { SDK_CALLS, type SdkContext } from './operations';
import { EXIT, factsOf, handContext, REPO_ROOT, type Env, type Preflight } from './options';
import { liveProblems, needlesOf, prefixedNames, withFixtureUser, type Plan, type PlannedResource } from './plan';
import { preflight } from './preflight';
import { ownedByRun } from './prefix';
import { AcceptanceProject, plannedOps, type ProgramPlan } from './pulumi';
import { requestIdsMentioning } from './report';

function ensurePulumi(): string {
  const out = execFileSync('bash', [join(REPO_ROOT, 'scripts', 'ensure-pulumi.sh'), '--print-bin-dir'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return out.trim().split('\n').pop() ?? '';
}

/** The program's plan for one step. */
function programPlan(plan: Plan, then: boolean, handMade: ReadonlyMap<string, string>, lookups: ProgramPlan['lookups']): ProgramPlan {
  return {
    resources: plan.resources.map((r) => {
      const args = then ? r.then : r.create;
      const adopt = handMade.get(r.name);
      return { name: r.name, type: r.kind.type, args: adopt !== undefined ? { ...args, adopt: { id: adopt } } : args };
    }),
    lookups,
  };
}

export async function execute(run: Journal, env: Env): Promise<number> {
  const { plan, deps, session, options } = env;
  const total = STEPS.length;
  const hand = handContext(env);
  const label = (r: PlannedResource) => `${r.scenario.name} ${r.name}`;

  // ---- 1. preflight: what is there, and whether the run may start ----
  let started = run.begin(STEPS[0], 1, total);
  const pre = await preflight(env);
  run.end(started);
  if (pre.refusals.length > 0) {
    deps.err(`acceptance: refusing to start:\n${pre.refusals.map((r) => `  - ${r}`).join('\n')}`);
    return EXIT.refused;
  }
  run.add('organization', 'nothing the run would change lacks its prefix', 'pass', undefined, ids(run.collect()));
  for (const left of plan.leftOut) run.add(left.scenario, 'left out', 'skip', left.why);

  const guard = (what: string, name: string): void => {
    if (!ownedByRun(plan.run.prefix, name))
      throw new Error(`refusing to change ${what} ${JSON.stringify(name)}: it does not carry this run's prefix ${plan.run.prefix}`);
  };
  const binDir = deps.pulumiBinDir?.() ?? ensurePulumi();
  const dir = join(REPO_ROOT, '.data', 'acceptance', plan.run.id);
  rmSync(dir, { recursive: true, force: true });
  const project = new AcceptanceProject({
    dir,
    pulumiBinDir: binDir,
    env: deps.env,
    recordFile: env.recordFile,
    recordKey: env.recordKey,
    ...(env.recordHidden !== undefined ? { recordHidden: env.recordHidden } : {}),
    now: deps.now,
    ...(deps.interruption !== undefined ? { interruption: deps.interruption } : {}),
  });
  env.project = project;
  const handMade = new Map<string, string>();
  let fixtureUserId: string | undefined;
  let stackHasResources = false;
  const idsBefore: Record<string, string> = {};

  try {
    // ---- 2. fixtures: a user named with the prefix, holding the API keys the per-key allowlists need ----
    started = run.begin(STEPS[1], 2, total);
    if (!plan.needsFixtureUser) run.add('fixtures', 'no scenario needs the fixture user or an API key', 'skip', 'nothing to make');
    else {
      try {
        guard('user', plan.fixtureUser);
        for (const k of plan.apiKeys) guard('API key', k.apiKeyName);
        const { result } = await session.client.submit('create_api_only_users', {
          apiOnlyUsers: [
            {
              userName: plan.fixtureUser,
              userTags: [],
              apiKeys: plan.apiKeys.map((k) => ({ apiKeyName: k.apiKeyName, publicKey: k.publicKey })),
            },
          ],
        });
        fixtureUserId = result.userIds[0];
        hand.fixtureUserId = fixtureUserId;
        run.add(`User ${plan.fixtureUser}`, `created with ${plan.apiKeys.length} API keys`, 'pass', undefined, ids(run.collect()));
      } catch (error) {
        run.add(`User ${plan.fixtureUser}`, 'created with its API keys', 'fail', messageOf(error), ids(run.collect()));
      }
    }
    // The inputs only the run can tell: the fixture user's id, and what a scenario reads from the organization.
    for (const r of plan.resources) {
      if (run.broken) break;
      try {
        if (fixtureUserId !== undefined)
          [r.create, r.then] = [withFixtureUser(r.create, fixtureUserId), withFixtureUser(r.then, fixtureUserId)];
        const resolve = r.scenario.resolve;
        if (resolve === undefined) continue;
        [r.create, r.then] = [await resolve(hand, r.create), await resolve(hand, r.then)];
        run.add(label(r), 'inputs read from the organization', 'pass', undefined, ids(run.collect()));
      } catch (error) {
        run.add(label(r), 'inputs read from the organization', 'fail', messageOf(error), ids(run.collect()));
      }
    }
    // The inputs are complete now (the fixture user's id, what the organization holds): still nothing live.
    const live = liveProblems(plan, fixtureUserId);
    run.add('plan', 'writes nothing live', live.length === 0 ? 'pass' : 'fail', live.length === 0 ? undefined : live.join('; '));
    run.end(started);

    // ---- 3. hand-made objects, to adopt ----
    started = run.begin(STEPS[2], 3, total);
    for (const r of plan.resources.filter((x) => x.role === 'adopted')) {
      if (run.broken) break;
      try {
        const names = prefixedNames(r.create, plan.run.prefix);
        if (names.length === 0 && r.scenario.singleton === undefined) throw new Error('its inputs carry no name with the run prefix');
        const id = await r.scenario.handMade?.(hand, r.create);
        if (id === undefined) throw new Error('the scenario makes no object by hand');
        handMade.set(r.name, id);
        run.add(label(r), `made by hand through the sdk (${id})`, 'pass', undefined, ids(run.collect()));
      } catch (error) {
        run.add(label(r), 'made by hand through the sdk', 'fail', messageOf(error), ids(run.collect()));
      }
    }
    run.end(started);

    // ---- 4. pulumi up: create, and adopt what was made by hand ----
    const up1 = run.begin(STEPS[3], 4, total);
    if (run.broken) skipStep(run, 'an earlier step failed');
    else {
      const init = await project.init();
      if (init.code !== 0) run.add('pulumi stack init', 'the stack was created', 'fail', lastLines(init));
      else {
        project.writePlan(programPlan(plan, false, handMade, []));
        stackHasResources = true;
        const result = await project.up(run.step);
        run.end(up1, result, 'pulumi up');
        const exchanges = run.stepExchanges();
        if (result.code !== 0) run.add('pulumi up', 'exited 0', 'fail', lastLines(result), ids(exchanges));
        else {
          const out = await project.outputs(run.step);
          const resourceIds = (out.ids ?? {}) as Record<string, string>;
          Object.assign(idsBefore, resourceIds);
          for (const r of plan.resources) {
            const id = resourceIds[r.name];
            const reqIds = requestIdsMentioning(exchanges, needlesOf(r, [id], r.create, plan.run.prefix));
            if (id === undefined) {
              run.add(label(r), 'created', 'fail', 'no id in the stack outputs', reqIds);
              continue;
            }
            if (r.role === 'adopted') {
              const wanted = handMade.get(r.name);
              run.add(
                label(r),
                'adopted the hand-made object',
                wanted === id ? 'pass' : 'fail',
                wanted === id ? undefined : `id ${id}, hand-made ${wanted}`,
                reqIds,
              );
            }
            await checkLive(
              run,
              env,
              hand,
              r,
              id,
              r.create,
              r.role === 'adopted' ? 'read back as declared' : 'created; read back as declared',
              reqIds,
            );
          }
        }
      }
    }
    if (run.steps.at(-1)?.step !== run.step) run.end(up1);

    // ---- 5. the sdk's operations with safe inputs ----
    started = run.begin(STEPS[4], 5, total);
    if (run.broken) skipStep(run, 'an earlier step failed');
    else await sdkOperations(run, env, pre, idsBefore, fixtureUserId, guard);
    run.end(started);

    // ---- 6. out-of-band changes ----
    started = run.begin(STEPS[5], 6, total);
    for (const r of plan.resources) {
      if (r.role !== 'adopted') continue;
      const step = stepOf(r.kind, r.scenario, 'drift');
      if (!step.applies) {
        run.add(label(r), 'changed outside Pulumi', 'skip', step.why);
        continue;
      }
      if (run.broken) {
        run.add(label(r), 'changed outside Pulumi', 'skip', 'an earlier step failed');
        continue;
      }
      const id = idsBefore[r.name] as string;
      try {
        const what = await r.scenario.drift?.(hand, id, r.create);
        run.add(label(r), `changed outside Pulumi: ${what ?? ''}`, 'pass', undefined, ids(run.collect()));
      } catch (error) {
        run.add(label(r), 'changed outside Pulumi', 'fail', messageOf(error), ids(run.collect()));
      }
    }
    run.end(started);

    // ---- 7. preview with refresh: updates, replacements and drift planned as expected ----
    const declared = new Map(plan.resources.map((r) => [r.name, r.then]));
    const facts = factsOf(env, pre.wallets, declared);
    const lookups: ProgramPlan['lookups'] = [];
    const lookupSkips: Array<[string, string]> = [];
    for (const [name, lookup] of Object.entries(LOOKUPS)) {
      const args = lookup.args(facts);
      if ('skip' in args) lookupSkips.push([name, args.skip]);
      else lookups.push({ name, fn: outputFunctionOf(name), args: args.args });
    }
    const step2 = programPlan(plan, true, handMade, lookups);
    started = run.begin(STEPS[6], 7, total);
    if (run.broken) skipStep(run, 'an earlier step failed');
    else {
      project.writePlan(step2);
      const result = await project.preview(run.step, ['--refresh']);
      run.end(started, result, 'pulumi preview --refresh');
      const exchanges = run.stepExchanges();
      if (result.code !== 0) run.add('pulumi preview', 'exited 0', 'fail', lastLines(result), ids(exchanges));
      else {
        const ops = plannedOps(result.stdout);
        for (const r of plan.resources) {
          const expected = { update: 'update', replace: 'replace', restore: 'update', none: 'same' }[r.change];
          const what = {
            update: 'an in-place update',
            replace: 'a replacement',
            restore: 'an update restoring the drift',
            none: 'no change',
          }[r.change];
          const got = ops[r.name] ?? 'same';
          const reqIds = requestIdsMentioning(exchanges, needlesOf(r, [idsBefore[r.name]], r.create, plan.run.prefix));
          run.add(label(r), `planned ${what}`, got === expected ? 'pass' : 'fail', got === expected ? undefined : `planned ${got}`, reqIds);
        }
        for (const r of plan.resources) {
          if (r.role === 'main' && r.change !== 'update')
            run.add(
              label(r),
              'updated in place',
              'skip',
              stepOf(r.kind, r.scenario, 'update').applies ? 'no update' : (r.scenario.notApplicable?.update ?? ''),
            );
        }
        const noReplace = plan.included.filter((ks) => !stepOf(ks.kind, ks.scenario, 'replace').applies);
        for (const ks of noReplace) run.add(ks.scenario.name, 'replaced', 'skip', ks.scenario.notApplicable?.replace ?? '');
      }
    }
    if (run.steps.at(-1)?.step !== run.step) run.end(started);

    // ---- 8. up with refresh: apply, then read the data sources ----
    started = run.begin(STEPS[7], 8, total);
    if (run.broken) skipStep(run, 'an earlier step failed');
    else {
      const result = await project.up(run.step, ['--refresh']);
      run.end(started, result, 'pulumi up --refresh');
      const exchanges = run.stepExchanges();
      if (result.code !== 0) run.add('pulumi up --refresh', 'exited 0', 'fail', lastLines(result), ids(exchanges));
      else {
        const out = await project.outputs(run.step);
        const resourceIds = (out.ids ?? {}) as Record<string, string>;
        for (const r of plan.resources) {
          const id = resourceIds[r.name];
          const reqIds = requestIdsMentioning(exchanges, needlesOf(r, [id, idsBefore[r.name]], r.then, plan.run.prefix));
          if (id === undefined) {
            run.add(label(r), 'still declared', 'fail', 'no id in the stack outputs', reqIds);
            continue;
          }
          const check = { update: 'updated in place', replace: 'replaced', restore: 'drift restored', none: 'unchanged' }[r.change];
          if (r.change === 'replace') {
            const old = idsBefore[r.name];
            if (old === id) run.add(label(r), 'replaced by a new object', 'fail', `the id stayed ${id}`, reqIds);
            else {
              run.add(label(r), `replaced by a new object (${id})`, 'pass', undefined, reqIds);
              if (old !== undefined) await checkGone(run, env, hand, r, old, r.create, 'the replaced object', reqIds);
            }
          } else if (r.change === 'update' && id !== idsBefore[r.name]) {
            run.add(label(r), 'updated in place', 'fail', `the id changed from ${idsBefore[r.name]} to ${id}`, reqIds);
            continue;
          }
          await checkLive(run, env, hand, r, id, r.then, `${check}; read back as declared`, reqIds);
          idsBefore[r.name] = id;
        }
        for (const [name, why] of lookupSkips) run.add(`data source ${name}`, 'read', 'skip', why);
        for (const l of lookups) {
          const lookup = LOOKUPS[l.name];
          const value = out[`lookup_${l.name}`];
          const reqIds = ids(exchanges.filter((e) => e.process === 'program' && lookup?.operations.includes(e.operation)));
          if (value === undefined || value === null || typeof value !== 'object') {
            run.add(`data source ${l.name}`, 'read', 'fail', 'no result in the stack outputs', reqIds);
            continue;
          }
          const problem = lookup?.check(value as Record<string, unknown>, facts);
          run.add(`data source ${l.name}`, `read (${outputFunctionOf(l.name)})`, problem === undefined ? 'pass' : 'fail', problem, reqIds);
        }
      }
    }
    if (run.steps.at(-1)?.step !== run.step) run.end(started);

    // ---- 9. a read finds nothing to do ----
    started = run.begin(STEPS[8], 9, total);
    if (run.broken) skipStep(run, 'an earlier step failed');
    else {
      const result = await project.preview(run.step, ['--refresh', '--expect-no-changes']);
      run.end(started, result, 'pulumi preview --refresh --expect-no-changes');
      const exchanges = run.stepExchanges();
      const ops = result.code === 0 ? plannedOps(result.stdout) : {};
      for (const r of plan.resources) {
        const reqIds = requestIdsMentioning(exchanges, needlesOf(r, [idsBefore[r.name]], r.then, plan.run.prefix));
        const got = ops[r.name] ?? (result.code === 0 ? 'same' : 'unknown');
        run.add(
          label(r),
          'read: refresh finds it as declared',
          got === 'same' ? 'pass' : 'fail',
          got === 'same' ? undefined : result.code !== 0 ? lastLines(result) : `planned ${got}`,
          reqIds,
        );
      }
    }
    if (run.steps.at(-1)?.step !== run.step) run.end(started);
  } finally {
    // An interrupted run stops here: it keeps its stack and leaves the clean-up to the sweep it prints (./run.ts).
    if (deps.interruption?.signal === undefined) await finish();
  }
  return EXIT.passed;

  async function finish(): Promise<void> {
    // ---- 10. destroy (whatever happened before) ----
    started = run.begin(STEPS[9], 10, total);
    if (!stackHasResources) skipStep(run, 'the stack holds nothing');
    else {
      const result = await project.destroy(run.step);
      run.end(started, result, 'pulumi destroy');
      const exchanges = run.stepExchanges();
      if (result.code !== 0) run.add('pulumi destroy', 'exited 0', 'fail', lastLines(result), ids(exchanges));
      else {
        const output = `${result.stdout}\n${result.stderr}`;
        for (const r of plan.resources) {
          const id = idsBefore[r.name];
          if (id === undefined) continue;
          const reqIds = requestIdsMentioning(exchanges, [id]);
          if (!deletable(r.kind, r.scenario)) {
            // The warning names the object by its id (a session profile) or by the resource (a root quorum).
            const warned = (output.includes(id) || output.includes(r.name)) && output.includes('left in place');
            run.add(
              label(r),
              'left in place, with a warning',
              warned ? 'pass' : 'fail',
              warned ? r.scenario.notApplicable?.delete : 'destroy did not say so',
              reqIds,
            );
            continue;
          }
          await checkGone(run, env, hand, r, id, r.then, 'deleted', reqIds);
        }
      }
    }
    if (run.steps.at(-1)?.step !== run.step) run.end(started);

    // ---- 11. clean-up: the fixtures, and anything else named with this run's prefix ----
    started = run.begin(STEPS[10], 11, total);
    await cleanUp(run, env, fixtureUserId);
    run.end(started);
    if (!run.broken && !options.keep) rmSync(project.dir, { recursive: true, force: true });
    else deps.out(`Pulumi project kept: ${project.dir}; its stack: ${project.inspectCommand()}`);
  }
}

async function sdkOperations(
  run: Journal,
  env: Env,
  pre: Preflight & { wallets: { walletId?: string; solanaAddress?: string } },
  resourceIds: Readonly<Record<string, string>>,
  fixtureUserId: string | undefined,
  guard: (what: string, name: string) => void,
): Promise<void> {
  const made = new Map<string, string>();
  const ctx: SdkContext = {
    client: env.session.client,
    facts: factsOf(env, pre.wallets, new Map(env.plan.resources.map((r) => [r.name, r.create]))),
    ...(fixtureUserId !== undefined ? { fixtureUserId } : {}),
    ids: resourceIds,
    guard,
    made: (o) => made.set(o.id, o.name),
    gone: (id) => made.delete(id),
  };
  const state: Record<string, string> = {};
  for (const call of SDK_CALLS) {
    const subject = `sdk ${call.operation}`;
    try {
      const outcome = await call.call(ctx, state);
      const reqIds = ids(run.collect());
      if (outcome !== undefined && 'skip' in outcome) run.add(subject, 'sent', 'skip', outcome.skip);
      else if (call.expectError !== undefined) run.add(subject, 'answered with an error (a probe)', 'fail', 'it succeeded', reqIds);
      else run.add(subject, 'answered as its schema says', 'pass', undefined, reqIds);
    } catch (error) {
      const reqIds = ids(run.collect());
      const status = (error as { status?: number }).status;
      if (call.expectError === '4xx' && status !== undefined && status >= 400 && status < 500) {
        run.add(subject, `answered with an error (a probe): HTTP ${status}`, 'pass', undefined, reqIds);
      } else
        run.add(
          subject,
          call.expectError !== undefined ? 'answered with a 4xx error (a probe)' : 'answered as its schema says',
          'fail',
          messageOf(error),
          reqIds,
        );
    }
  }
}

async function cleanUp(run: Journal, env: Env, fixtureUserId: string | undefined): Promise<void> {
  const { plan, session } = env;
  if (fixtureUserId !== undefined) {
    try {
      await session.client.deleteUsers({ userIds: [fixtureUserId] });
      run.add(`User ${plan.fixtureUser}`, 'deleted with its API keys', 'pass', undefined, ids(run.collect()));
    } catch (error) {
      run.add(`User ${plan.fixtureUser}`, 'deleted with its API keys', 'fail', messageOf(error), ids(run.collect()));
    }
  }
  try {
    const leftovers = (await inventory(session, sweepables(KINDS as readonly AnyKind[]))).filter((f) =>
      ownedByRun(plan.run.prefix, f.name),
    );
    const expected = new Set(plan.leavesInPlace.map((o) => o.name));
    const removable = leftovers.filter((f: Found) => f.remove !== undefined && f.cannotDelete === undefined);
    for (const found of removable) await found.remove?.(session.client);
    const kept = leftovers.filter((f) => !removable.includes(f));
    const unexpected = kept.filter((f) => !expected.has(f.name));
    run.add(
      'organization',
      `nothing named ${plan.run.prefix}... is left but what the service cannot delete (${kept.length})`,
      removable.length === 0 && unexpected.length === 0 ? 'pass' : 'fail',
      removable.length > 0
        ? `removed ${removable.map((f) => `${f.type} ${f.name}`).join(', ')} that the steps had left`
        : unexpected.length > 0
          ? `unexpected: ${unexpected.map((f) => `${f.type} ${f.name}`).join(', ')}`
          : undefined,
      ids(run.collect()),
    );
  } catch (error) {
    run.add('organization', 'nothing named with the prefix is left', 'fail', messageOf(error), ids(run.collect()));
  }
}
