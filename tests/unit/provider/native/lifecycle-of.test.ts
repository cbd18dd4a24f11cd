// `lifecycleOf` serves another lifecycle for a kind through the same gRPC server (the bench's do-nothing plugin is
// built this way, so its floor is this server): the kind's token, and the lifecycle's answers.
import { proto, type pb } from '@walletinfra/pulumi/native/proto';
import { createNativeProvider } from '@walletinfra/pulumi/native/server';
import type { Lifecycle } from '@walletinfra/pulumi/resources/lifecycle';

const { provider: p, struct } = proto();
const URN = 'urn:pulumi:bench::bench::walletinfra:index:Policy::p0';

function call<Req, Res>(handler: unknown, request: Req): Promise<Res> {
  return new Promise((resolve, reject) => {
    (handler as (call: { request: Req }, done: (error: { message: string } | null, response: Res) => void) => void)(
      { request },
      (error, response) => (error !== null ? reject(new Error(error.message)) : resolve(response)),
    );
  });
}

test('a kind served with another lifecycle answers Check and Create with it; lifecycleOf is asked for every kind', async () => {
  const calls: string[] = [];
  const noop: Lifecycle = {
    check: (_olds, news) => {
      calls.push('check');
      return Promise.resolve({ inputs: { ...news, organizationId: 'org-floor' } });
    },
    diff: () => Promise.resolve({ changed: [], replaces: [] }),
    create: (inputs) => {
      calls.push('create');
      return Promise.resolve({ id: 'id-floor', outs: { ...inputs, policyId: 'id-floor' } });
    },
    read: (id, props) => Promise.resolve({ id, props, inputs: props }),
    update: (_id, _olds, news) => Promise.resolve({ outs: news }),
    delete: () => Promise.resolve(),
  };
  const served: string[] = [];
  const provider = createNativeProvider({
    version: '0.0.0',
    schema: () => '{}',
    lifecycleOf: (kind) => {
      served.push(kind.type);
      return kind.type === 'Policy' ? noop : undefined;
    },
    runtime: { env: {} },
  });
  expect(served).toHaveLength(12);
  const check = new p.CheckRequest();
  check.setUrn(URN);
  check.setOlds(struct.Struct.fromJavaScript({}));
  check.setNews(struct.Struct.fromJavaScript({ policyName: 'p0', effect: 'EFFECT_ALLOW' }));
  const checked = await call<pb.CheckRequest, pb.CheckResponse>(provider.service.check, check);
  expect(checked.getInputs()?.toJavaScript()).toEqual({ policyName: 'p0', effect: 'EFFECT_ALLOW', organizationId: 'org-floor' });
  const create = new p.CreateRequest();
  create.setUrn(URN);
  create.setProperties(checked.getInputs());
  const created = await call<pb.CreateRequest, pb.CreateResponse>(provider.service.create, create);
  expect(created.getId()).toBe('id-floor');
  expect(calls).toEqual(['check', 'create']);
  await provider.close();
});
