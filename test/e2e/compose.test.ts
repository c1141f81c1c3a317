import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, readSync } from 'node:fs';
import { delimiter, isAbsolute, join, posix, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, ROLES } from '@memctx/shared';

// docker-compose.yml and the Dockerfile, checked without a Docker engine: the file is validated
// and resolved (anchors, merge keys, interpolation, profiles) by a real Compose implementation,
// Debian's docker-compose 1.29 (`bash infra/scripts/ensure-compose.sh` installs it; .ci/run does),
// and what it resolves is checked against the build output and the services' own configuration.
// A missing validator fails every test here with the command that installs it; nothing is skipped.

const ROOT = resolve(import.meta.dirname, '../..');
const COMPOSE_FILE = join(ROOT, 'docker-compose.yml');
const VALIDATOR = 'docker-compose';
const INSTALL_HINT = 'run `bash infra/scripts/ensure-compose.sh` (as root; .ci/run does) to install Debian\'s docker-compose';

// The secrets the file requires, with values of the right shape.
const SECRETS = {
  MEMCTX_ADMIN_TOKEN: 'compose-test-admin-token-0123456789',
  MEMCTX_CREDENTIALS_KEY: 'a1'.repeat(32),
} as const;

/** Services the scale-out issue names, which the default `docker compose up` starts. */
const REQUIRED_SERVICES = ['postgres', 'redis', 'kafka', 'api', 'projector', 'worker', 'relay'] as const;

interface Healthcheck {
  test?: string | string[];
  disable?: boolean;
}
interface Service {
  image?: string;
  build?: { context: string; dockerfile?: string };
  command?: string | string[];
  entrypoint?: string | string[];
  environment?: Record<string, string | number | boolean | null>;
  depends_on?: Record<string, { condition?: string }> | string[];
  deploy?: { replicas?: number };
  healthcheck?: Healthcheck;
  profiles?: string[];
}
interface ComposeModel {
  services: Record<string, Service>;
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the validator with only the given variables (no MEMCTX_* or COMPOSE_* leaking in from the caller). */
function compose(args: readonly string[], env: Record<string, string>): Run {
  const result = spawnSync(VALIDATOR, ['-f', COMPOSE_FILE, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', LANG: 'C.UTF-8', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (result.error) {
    const code = (result.error as NodeJS.ErrnoException).code;
    throw new Error(
      code === 'ENOENT'
        ? `the Compose validator \`${VALIDATOR}\` is not installed: ${INSTALL_HINT}`
        : `\`${VALIDATOR}\` could not run: ${result.error.message}`,
    );
  }
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The Python that runs docker-compose (its `#!` line), which has the yaml module the validator itself loads. */
function validatorInterpreter(): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, VALIDATOR);
    if (!dir || !existsSync(candidate)) continue;
    const head = Buffer.alloc(200);
    const fd = openSync(candidate, 'r');
    const length = readSync(fd, head, 0, head.length, 0);
    closeSync(fd);
    const [, interpreter, argument] = /^#!\s*(\S+)(?:[ \t]+(\S+))?/.exec(head.subarray(0, length).toString('utf8')) ?? [];
    if (!interpreter) return 'python3';
    return interpreter.endsWith('/env') && argument ? argument : interpreter;
  }
  return 'python3';
}

let resolvedModel: ComposeModel | undefined;
/** The file as the validator resolves it, with the required secrets set. */
function model(): ComposeModel {
  return (resolvedModel ??= resolveModel([], SECRETS));
}

/** The file as the validator resolves it with these options (profiles) and variables. */
function resolveModel(options: readonly string[], env: Record<string, string>): ComposeModel {
  const run = compose([...options, 'config'], env);
  if (run.status !== 0) throw new Error(`\`${VALIDATOR} config\` rejected docker-compose.yml:\n${run.stderr}`);
  // docker-compose prints YAML; the validator's own interpreter and YAML library (python3-yaml, a
  // dependency of the package) turn it into JSON, so no YAML parser is needed on the Node side.
  const python = validatorInterpreter();
  const json = spawnSync(python, ['-c', 'import json, sys, yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout)'], {
    input: run.stdout,
    encoding: 'utf8',
  });
  if (json.error || json.status !== 0) {
    throw new Error(`could not read \`${VALIDATOR} config\` output with ${python} and its yaml module (${json.error?.message ?? json.stderr}): ${INSTALL_HINT}`);
  }
  return JSON.parse(json.stdout) as ComposeModel;
}

interface Dockerfile {
  workdir: string;
  env: Record<string, string>;
  user?: string;
  cmd?: string[];
  healthcheck?: string[];
  /** Final stage COPY/ADD instructions: sources (relative to the context) and destination. */
  copies: { from?: string; sources: string[]; destination: string }[];
}

/** The final stage of a Dockerfile: enough of it to know what a container runs and has. */
function parseDockerfile(path: string): Dockerfile {
  const instructions = readFileSync(path, 'utf8')
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const lastFrom = instructions.map((line) => /^FROM\s/i.test(line)).lastIndexOf(true);
  expect(lastFrom, `${path} has no FROM`).toBeGreaterThanOrEqual(0);
  const stage: Dockerfile = { workdir: '/', env: {}, copies: [] };
  const execForm = (text: string, what: string): string[] => {
    expect(text.trim().startsWith('['), `${what} in ${path} should use the exec (JSON) form: ${text}`).toBe(true);
    return JSON.parse(text) as string[];
  };
  for (const line of instructions.slice(lastFrom + 1)) {
    const [, keyword = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    switch (keyword.toUpperCase()) {
      case 'WORKDIR':
        stage.workdir = posix.resolve(stage.workdir, rest);
        break;
      case 'ENV':
        for (const [, name = '', value = ''] of rest.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S*)/g)) {
          stage.env[name] = value.replace(/^"|"$/g, '');
        }
        break;
      case 'USER':
        stage.user = rest;
        break;
      case 'CMD':
        stage.cmd = execForm(rest, 'CMD');
        break;
      case 'HEALTHCHECK':
        stage.healthcheck = /^NONE$/i.test(rest) ? [] : execForm(rest.slice(rest.indexOf('CMD') + 3), 'HEALTHCHECK');
        break;
      case 'COPY':
      case 'ADD': {
        const words = rest.split(/\s+/);
        const flags = words.filter((word) => word.startsWith('--'));
        const paths = words.filter((word) => !word.startsWith('--'));
        const from = flags.find((flag) => flag.startsWith('--from='))?.slice('--from='.length);
        stage.copies.push({ from, sources: paths.slice(0, -1), destination: posix.resolve(stage.workdir, paths.at(-1) ?? '.') });
        break;
      }
    }
  }
  return stage;
}

function memctxServices(): [string, Service][] {
  return Object.entries(model().services).filter(([, service]) => service.build !== undefined);
}

function dockerfileOf(name: string, service: Service): Dockerfile {
  const context = service.build!.context;
  expect(resolve(context), `${name} builds from the repository root`).toBe(ROOT);
  const file = service.build!.dockerfile ?? 'Dockerfile';
  return parseDockerfile(isAbsolute(file) ? file : join(context, file));
}

function environmentOf(service: Service): Record<string, string> {
  return Object.fromEntries(Object.entries(service.environment ?? {}).map(([key, value]) => [key, value === null ? '' : String(value)]));
}

function asArgv(value: string | string[] | undefined): string[] | undefined {
  return typeof value === 'string' ? value.split(/\s+/).filter(Boolean) : value;
}

/** The node script an exec-form command runs, as a path inside the repository, or undefined if it runs no script. */
function nodeScript(argv: readonly string[], workdir: string): string | undefined {
  if (argv[0] !== 'node' && !argv[0]?.endsWith('/node')) return undefined;
  const script = argv.slice(1).find((arg) => !arg.startsWith('-'));
  if (!script) return undefined;
  const inImage = posix.resolve(workdir, script);
  // The image keeps the repository's layout under WORKDIR.
  return relative(workdir, inImage);
}

function healthTest(check: Healthcheck | undefined): string[] | undefined {
  if (!check || check.disable) return undefined;
  return typeof check.test === 'string' ? ['CMD-SHELL', check.test] : check.test;
}

function dependencies(service: Service): Record<string, { condition?: string }> {
  const deps = service.depends_on ?? {};
  return Array.isArray(deps) ? Object.fromEntries(deps.map((name) => [name, {}])) : deps;
}

describe('docker-compose.yml and the Dockerfile (validated with docker-compose, no engine needed)', () => {
  it('validates with `docker-compose config -q` when the required secrets are set', () => {
    const run = compose(['config', '-q'], SECRETS);
    expect(run.status, `docker-compose rejected the file:\n${run.stderr}`).toBe(0);
    expect(run.stderr, 'validator output').not.toMatch(/ERROR|invalid/i);
  });

  it('refuses to resolve without MEMCTX_ADMIN_TOKEN or MEMCTX_CREDENTIALS_KEY, naming the missing one', () => {
    for (const missing of Object.keys(SECRETS) as (keyof typeof SECRETS)[]) {
      const env: Record<string, string> = { ...SECRETS };
      delete env[missing];
      const run = compose(['config', '-q'], env);
      expect(run.status, `config succeeded without ${missing}`).not.toBe(0);
      expect(run.stderr).toContain(missing);
    }
  });

  it('has the services of the scale-out issue; kurrentdb only under its profile', () => {
    const services = model().services;
    for (const name of REQUIRED_SERVICES) {
      expect(services[name], `service ${name}`).toBeDefined();
      expect(services[name]!.profiles ?? [], `${name} must start with a plain \`docker compose up\``).toEqual([]);
    }
    expect(services.postgres!.image).toBe('pgvector/pgvector:pg16');
    expect(services.redis!.image).toMatch(/^redis:7(\b|$)/);
    expect(services.kafka!.image).toMatch(/^apache\/kafka:3\.9\.\d+$/);
    expect(environmentOf(services.kafka!).KAFKA_PROCESS_ROLES?.split(',').sort()).toEqual(['broker', 'controller']);
    expect(environmentOf(services.kafka!).KAFKA_ADVERTISED_LISTENERS).toContain('//kafka:9092');

    expect(services.kurrentdb, 'service kurrentdb').toBeDefined();
    expect(services.kurrentdb!.profiles).toContain('kurrentdb');

    const projectors = services.projector!.deploy?.replicas ?? 1;
    expect(projectors, 'projector replicas').toBeGreaterThanOrEqual(2);
    // Whoever creates the topic (the relay, or a consumer through the broker's default) gives it the
    // same partition count, and every projector replica gets at least one partition.
    const partitions = Number(environmentOf(services.kafka!).KAFKA_NUM_PARTITIONS ?? 1);
    const relayPartitions = environmentOf(services.relay!).MEMCTX_KAFKA_PARTITIONS;
    if (relayPartitions !== undefined) expect(Number(relayPartitions), 'relay and broker agree on the partition count').toBe(partitions);
    expect(partitions, 'topic partitions >= projector replicas').toBeGreaterThanOrEqual(projectors);
    expect(environmentOf(services.projector!).MEMCTX_PROJECTOR_SOURCE).toBe('kafka');
    expect(services.relay!.deploy?.replicas ?? 1, 'one relay per topic').toBe(1);
    for (const name of ['api', 'projector', 'worker', 'relay']) {
      expect(services[name]!.build, `${name} is built from the Dockerfile`).toBeDefined();
    }
  });

  it('gives every service a healthcheck (its own or the Dockerfile HEALTHCHECK)', () => {
    for (const [name, service] of Object.entries(model().services)) {
      const own = healthTest(service.healthcheck);
      const inherited = service.build && !service.healthcheck?.disable ? dockerfileOf(name, service).healthcheck : undefined;
      const check = own ?? inherited;
      expect(check && check.length > 1 && check[0] !== 'NONE', `service ${name} has no healthcheck`).toBe(true);
    }
  });

  it('orders start-up with depends_on conditions that the default profile can satisfy', () => {
    const services = model().services;
    for (const [name, service] of Object.entries(services)) {
      for (const [target, { condition }] of Object.entries(dependencies(service))) {
        const dependency = services[target];
        expect(dependency, `${name} depends on undefined service ${target}`).toBeDefined();
        // A dependency on a service whose profile is off breaks `docker compose up`.
        for (const profile of dependency!.profiles ?? []) expect(service.profiles ?? [], `${name} depends on ${target} (profile ${profile})`).toContain(profile);
        if (condition === 'service_healthy') {
          const hasCheck = healthTest(dependency!.healthcheck) ?? (dependency!.build ? dockerfileOf(target, dependency!).healthcheck : undefined);
          expect(hasCheck?.length, `${name} waits for ${target} to be healthy, but ${target} has no healthcheck`).toBeGreaterThan(1);
        }
      }
    }
    for (const name of ['api', 'projector', 'worker', 'relay']) {
      const deps = dependencies(services[name]!);
      expect(deps.postgres?.condition, `${name} waits for postgres`).toBe('service_healthy');
    }
    expect(dependencies(services.projector!).kafka?.condition, 'projector waits for kafka').toBe('service_healthy');
    expect(dependencies(services.relay!).kafka?.condition, 'relay waits for kafka').toBe('service_healthy');
  });

  it('runs, in every memctx service, a script that `pnpm build` produced, with valid roles and a valid configuration', () => {
    const seenRoles = new Set<string>();
    for (const [name, service] of memctxServices()) {
      const dockerfile = dockerfileOf(name, service);
      const argv = asArgv(service.command) ?? dockerfile.cmd;
      expect(service.entrypoint, `${name}: an entrypoint would change what runs`).toBeUndefined();
      expect(argv, `${name} has no command and the Dockerfile no CMD`).toBeDefined();
      const script = nodeScript(argv!, dockerfile.workdir);
      expect(script, `${name} runs ${JSON.stringify(argv)}, not a node script`).toBeDefined();
      expect(existsSync(join(ROOT, script!)), `${name} runs ${script}, which does not exist: run \`pnpm build\` first`).toBe(true);

      const env = { ...dockerfile.env, ...environmentOf(service) };
      const roles = (env.MEMCTX_ROLES ?? '').split(',').map((role) => role.trim()).filter(Boolean);
      expect(roles.length, `${name} sets MEMCTX_ROLES`).toBeGreaterThan(0);
      for (const role of roles) expect(ROLES as readonly string[], `${name}: role ${role}`).toContain(role);
      roles.forEach((role) => seenRoles.add(role));
      // The service's own start-up validation, on exactly the environment the container gets.
      expect(() => loadConfig(env), `${name}'s environment fails the configuration check`).not.toThrow();
    }
    expect([...seenRoles].sort(), 'every role runs in some service').toEqual([...ROLES].sort());

    const services = model().services;
    const key = (name: string) => environmentOf(services[name]!).MEMCTX_CREDENTIALS_KEY;
    expect(key('api'), 'api gets MEMCTX_CREDENTIALS_KEY').toBe(SECRETS.MEMCTX_CREDENTIALS_KEY);
    // It also wraps the session keys that every role opening events (projectors) or writing them needs.
    for (const [name] of memctxServices()) expect(key(name), `${name} shares the api's MEMCTX_CREDENTIALS_KEY`).toBe(key('api'));
    expect(environmentOf(services.api!).MEMCTX_ADMIN_TOKEN).toBe(SECRETS.MEMCTX_ADMIN_TOKEN);
  });

  it('given the compose file, then each role service runs its own role\'s entry point, with MEMCTX_ROLES naming that role', () => {
    const services = model().services;
    for (const role of ['api', 'projector', 'worker', 'relay']) {
      const service = services[role]!;
      // The api's own entry point is the single binary; MEMCTX_ROLES limits it to the api role.
      expect(asArgv(service.command), `${role}'s command`).toEqual(['node', `apps/${role}/dist/main.js`]);
      expect(environmentOf(service).MEMCTX_ROLES, `${role}'s MEMCTX_ROLES (the healthcheck reads it)`).toBe(role);
    }
  });

  it('switches every memctx service to KurrentDB with MEMCTX_EVENT_STORE=kurrentdb under the kurrentdb profile', () => {
    const kurrent = resolveModel(['--profile', 'kurrentdb'], { ...SECRETS, MEMCTX_EVENT_STORE: 'kurrentdb' });
    const server = kurrent.services.kurrentdb;
    expect(server, 'the profile starts the kurrentdb service').toBeDefined();
    const memctx = Object.entries(kurrent.services).filter(([, service]) => service.build !== undefined);
    expect(memctx.length).toBeGreaterThanOrEqual(4);
    for (const [name, service] of memctx) {
      const env = { ...dockerfileOf(name, service).env, ...environmentOf(service) };
      const warnings: string[] = [];
      const config = loadConfig(env, { onWarning: (line) => warnings.push(line) });
      expect(config.eventStore, `${name} keeps its events in KurrentDB`).toBe('kurrentdb');
      // The address names the compose service on its gRPC port, without TLS (the server runs insecure).
      expect(config.kurrentDbUrl, `${name}'s KURRENTDB_URL`).toBe('kurrentdb://kurrentdb:2113?tls=false');
      expect(environmentOf(server!).KURRENTDB_INSECURE).toBe('true');
      expect(config.databaseUrl, `${name} still needs PostgreSQL for read models and keys`).toBeDefined();
      expect(warnings, `${name} sets no unknown MEMCTX_ variable`).toEqual([]);
    }
    // Without the switch the same file keeps events in PostgreSQL.
    for (const [name, service] of memctxServices()) expect(loadConfig(environmentOf(service)).eventStore, name).toBe('postgres');
  });

  it('puts every script a healthcheck runs into the image', () => {
    for (const [name, service] of memctxServices()) {
      const dockerfile = dockerfileOf(name, service);
      for (const check of [healthTest(service.healthcheck), dockerfile.healthcheck]) {
        if (!check || check[0] !== 'CMD') continue;
        const script = nodeScript(check.slice(1), dockerfile.workdir);
        if (!script) continue;
        expect(existsSync(join(ROOT, script)), `${name}'s healthcheck runs ${script}, which is not in the repository`).toBe(true);
        const copied = dockerfile.copies.some(
          (copy) => copy.from === undefined && copy.sources.includes(script) && copy.destination === posix.join(dockerfile.workdir, script),
        );
        expect(copied, `the Dockerfile's final stage does not COPY ${script} to ${posix.join(dockerfile.workdir, script)}`).toBe(true);
      }
    }
  });

  it('builds an image that runs as a non-root user and carries the embedding model', () => {
    const dockerfile = parseDockerfile(join(ROOT, 'Dockerfile'));
    expect(dockerfile.user, 'the final stage sets USER').toBeDefined();
    expect(dockerfile.user, 'the final stage runs as a non-root user').not.toMatch(/^(root|0)(:|$)/);
    const modelsDir = dockerfile.env.MEMCTX_MODELS_DIR;
    expect(modelsDir, 'the image sets MEMCTX_MODELS_DIR').toBeDefined();
    const modelsInImage = posix.resolve(dockerfile.workdir, modelsDir!);
    expect(
      dockerfile.copies.some((copy) => copy.destination === modelsInImage),
      `the final stage copies the model files to ${modelsInImage}`,
    ).toBe(true);
  });
});
