// pulumi-language-nodejs: a minimal Node.js language host for the Pulumi CLI,
// built by scripts/ensure-pulumi.sh. The upstream host's Go module is not
// served by the module proxy this project can reach, so this small host
// implements the parts of the LanguageRuntime protocol that `pulumi up`,
// `preview`, `refresh`, `destroy` and `about` use: it runs the program with
// @pulumi/pulumi's own `cmd/run` entry point, exactly as the upstream host does.
// Unsupported (return Unimplemented): RunPlugin (Node.js-based provider
// plugins), code generation, Pack, Link, InstallDependencies.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/version"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/structpb"
)

// Exit code cmd/run uses when it already reported the error to the user.
const exitCodeErrorAlreadyReported = 32

type host struct {
	pulumirpc.UnimplementedLanguageRuntimeServer
	engineAddress string

	mu       sync.Mutex
	children map[*exec.Cmd]struct{}
}

func main() {
	h := &host{children: map[*exec.Cmd]struct{}{}}
	for _, a := range os.Args[1:] {
		if a == "--version" || a == "-version" {
			fmt.Println(version.Version)
			return
		}
		if !strings.HasPrefix(a, "-") {
			h.engineAddress = a // the engine passes its address as the last positional argument
		}
	}
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, h)
			return nil
		},
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-language-nodejs: could not start server: %v\n", err)
		os.Exit(1)
	}
	// The engine reads the port from the first line of stdout.
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-language-nodejs: server stopped: %v\n", err)
		os.Exit(1)
	}
}

func (h *host) Handshake(ctx context.Context, req *pulumirpc.LanguageHandshakeRequest) (*pulumirpc.LanguageHandshakeResponse, error) {
	if req.GetEngineAddress() != "" {
		h.engineAddress = req.GetEngineAddress()
	}
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

func (h *host) GetPluginInfo(ctx context.Context, _ *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: strings.TrimPrefix(version.Version, "v")}, nil
}

// Provider plugins are resolved on demand from the resources the program registers
// (this machine is offline, so there is nothing to download ahead of time anyway).
func (h *host) GetRequiredPlugins(ctx context.Context, _ *pulumirpc.GetRequiredPluginsRequest) (*pulumirpc.GetRequiredPluginsResponse, error) {
	return &pulumirpc.GetRequiredPluginsResponse{}, nil
}

func (h *host) GetRequiredPackages(ctx context.Context, _ *pulumirpc.GetRequiredPackagesRequest) (*pulumirpc.GetRequiredPackagesResponse, error) {
	return &pulumirpc.GetRequiredPackagesResponse{}, nil
}

func (h *host) About(ctx context.Context, _ *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, errors.New("could not find `node` on PATH")
	}
	out, err := exec.CommandContext(ctx, node, "--version").Output()
	if err != nil {
		return nil, fmt.Errorf("node --version: %w", err)
	}
	return &pulumirpc.AboutResponse{Executable: node, Version: strings.TrimPrefix(strings.TrimSpace(string(out)), "v")}, nil
}

func (h *host) GetProgramDependencies(ctx context.Context, req *pulumirpc.GetProgramDependenciesRequest) (*pulumirpc.GetProgramDependenciesResponse, error) {
	dir := programDir(req.GetInfo(), "")
	var pkg struct {
		Dependencies    map[string]string `json:"dependencies"`
		DevDependencies map[string]string `json:"devDependencies"`
	}
	resp := &pulumirpc.GetProgramDependenciesResponse{}
	b, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil {
		return resp, nil
	}
	if json.Unmarshal(b, &pkg) != nil {
		return resp, nil
	}
	for _, deps := range []map[string]string{pkg.Dependencies, pkg.DevDependencies} {
		for name, spec := range deps {
			v := spec
			var installed struct {
				Version string `json:"version"`
			}
			if ib, err := os.ReadFile(filepath.Join(dir, "node_modules", name, "package.json")); err == nil &&
				json.Unmarshal(ib, &installed) == nil && installed.Version != "" {
				v = installed.Version
			}
			resp.Dependencies = append(resp.Dependencies, &pulumirpc.DependencyInfo{Name: name, Version: v})
		}
	}
	return resp, nil
}

func (h *host) Cancel(ctx context.Context, _ *emptypb.Empty) (*emptypb.Empty, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for c := range h.children {
		if c.Process != nil {
			_ = c.Process.Signal(syscall.SIGINT)
		}
	}
	return &emptypb.Empty{}, nil
}

func programDir(info *pulumirpc.ProgramInfo, fallback string) string {
	if info != nil && info.GetProgramDirectory() != "" {
		return info.GetProgramDirectory()
	}
	if fallback != "" {
		return fallback
	}
	wd, _ := os.Getwd()
	return wd
}

func stringOption(opts *structpb.Struct, key string) (string, bool) {
	if opts == nil {
		return "", false
	}
	v, ok := opts.GetFields()[key]
	if !ok {
		return "", false
	}
	switch k := v.GetKind().(type) {
	case *structpb.Value_StringValue:
		return k.StringValue, true
	case *structpb.Value_BoolValue:
		return strconv.FormatBool(k.BoolValue), true
	case *structpb.Value_NumberValue:
		return strconv.FormatFloat(k.NumberValue, 'f', -1, 64), true
	}
	return "", false
}

func (h *host) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, errors.New("could not find `node` on PATH; install Node.js")
	}
	info := req.GetInfo()
	pwd := req.GetPwd()
	if pwd == "" {
		pwd = programDir(info, "")
	}
	opts := info.GetOptions()

	// Find @pulumi/pulumi's run entry point the way Node.js itself would, from the program directory.
	resolve := exec.CommandContext(ctx, node, "-e", "console.log(require.resolve('@pulumi/pulumi/cmd/run'))")
	resolve.Dir = pwd
	out, err := resolve.Output()
	runPath := strings.TrimSpace(string(out))
	if err != nil || runPath == "" {
		return &pulumirpc.RunResponse{Error: "It looks like the Pulumi SDK has not been installed. " +
			"Have you run `npm install` (could not resolve @pulumi/pulumi/cmd/run from " + pwd + ")?"}, nil
	}

	var args []string
	if nodeargs, ok := stringOption(opts, "nodeargs"); ok && strings.TrimSpace(nodeargs) != "" {
		args = append(args, strings.Fields(nodeargs)...)
	}
	args = append(args, runPath, "--monitor="+req.GetMonitorAddress())
	if h.engineAddress != "" {
		args = append(args, "--engine="+h.engineAddress)
	}
	if req.GetOrganization() != "" {
		args = append(args, "--organization="+req.GetOrganization())
	}
	args = append(args, "--project="+req.GetProject(), "--stack="+req.GetStack(), "--pwd="+pwd)
	if info.GetRootDirectory() != "" {
		args = append(args, "--root-directory="+info.GetRootDirectory())
	}
	if req.GetDryRun() {
		args = append(args, "--dry-run")
	}
	if req.GetParallel() > 0 {
		args = append(args, "--parallel="+strconv.Itoa(int(req.GetParallel())))
	}
	program := req.GetProgram()
	if program == "" {
		program = info.GetEntryPoint()
	}
	if program == "" {
		program = "."
	}
	args = append(args, program)
	args = append(args, req.GetArgs()...)

	config, err := json.Marshal(req.GetConfig())
	if err != nil {
		return nil, err
	}
	secretKeys := req.GetConfigSecretKeys()
	if secretKeys == nil {
		secretKeys = []string{}
	}
	secrets, err := json.Marshal(secretKeys)
	if err != nil {
		return nil, err
	}
	env := append(os.Environ(), "PULUMI_CONFIG="+string(config), "PULUMI_CONFIG_SECRET_KEYS="+string(secrets))
	typescript := true // same default as the upstream host: index.ts runs through ts-node
	if v, ok := stringOption(opts, "typescript"); ok {
		typescript, _ = strconv.ParseBool(v)
	}
	if typescript {
		env = append(env, "PULUMI_NODEJS_TYPESCRIPT=true")
	}
	if tsconfig, ok := stringOption(opts, "tsconfig"); ok && tsconfig != "" {
		env = append(env, "PULUMI_NODEJS_TSCONFIG_PATH="+tsconfig)
	}

	cmd := exec.Command(node, args...)
	cmd.Dir = pwd
	cmd.Env = env
	cmd.Stdin = nil
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("could not start node: %v", err)}, nil
	}
	h.mu.Lock()
	h.children[cmd] = struct{}{}
	h.mu.Unlock()
	err = cmd.Wait()
	h.mu.Lock()
	delete(h.children, cmd)
	h.mu.Unlock()

	if err == nil {
		return &pulumirpc.RunResponse{}, nil
	}
	var exitErr *exec.ExitError
	if errors.As(err, &exitErr) {
		if status, ok := exitErr.Sys().(syscall.WaitStatus); ok && status.Signaled() {
			return &pulumirpc.RunResponse{Error: fmt.Sprintf("Program exited due to signal %v", status.Signal())}, nil
		}
		code := exitErr.ExitCode()
		if code == exitCodeErrorAlreadyReported {
			return &pulumirpc.RunResponse{Bail: true}, nil
		}
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("Program exited with non-zero exit code: %d", code)}, nil
	}
	return &pulumirpc.RunResponse{Error: fmt.Sprintf("Problem executing program: %v", err)}, nil
}
