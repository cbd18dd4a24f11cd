// A Go program on the native provider, through the Go SDK generated from its schema.
package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/walletinfra/walletinfra/sdk/go/walletinfra"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		denyExports, err := walletinfra.NewPolicy(ctx, "deny-exports", &walletinfra.PolicyArgs{
			PolicyName: pulumi.String("Deny private key exports (Go)"),
			Effect:     walletinfra.PolicyEffectDeny,
			Condition:  pulumi.String("activity.resource == 'PRIVATE_KEY' && activity.action == 'EXPORT'"),
			Notes:      pulumi.ToSecret(pulumi.String("set from a Go program")).(pulumi.StringOutput),
		})
		if err != nil {
			return err
		}
		ctx.Export("policyId", denyExports.PolicyId)
		ctx.Export("notes", denyExports.Notes)
		return nil
	})
}
