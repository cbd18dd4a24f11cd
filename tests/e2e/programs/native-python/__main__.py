"""A Python program on the native provider, through the Python SDK generated from its schema."""
import pulumi
import pulumi_walletinfra as walletinfra

deny_exports = walletinfra.Policy(
    "deny-exports",
    policy_name="Deny private key exports (Python)",
    effect=walletinfra.PolicyEffect.DENY,
    condition="activity.resource == 'PRIVATE_KEY' && activity.action == 'EXPORT'",
    notes=pulumi.Output.secret("set from a Python program"),
)

pulumi.export("policyId", deny_exports.policy_id)
pulumi.export("notes", deny_exports.notes)
