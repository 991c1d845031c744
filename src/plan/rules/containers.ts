import type { PlanRule } from '../types.js';

const docker = ['docker', 'podman', 'nerdctl'];
const kubectl = ['kubectl', 'oc', 'k'];
const terraform = ['terraform', 'tofu', 'terragrunt'];

/** Containers and clusters: deletions, prunes, teardown, unattended applies. */
export const containerRules: readonly PlanRule[] = [
  { id: 'container.docker-rm-force', program: docker, subcommand: ['rm'], flags: [['-f', '--force']], category: 'destructive', warning: 'may force-remove running containers' },
  { id: 'container.docker-rm', program: docker, subcommand: ['container|image|volume|network', 'rm|remove|prune'], category: 'destructive', warning: 'may delete containers, images or volumes' },
  { id: 'container.docker-rm-short', program: docker, subcommand: ['rm|rmi'], category: 'destructive', warning: 'may delete containers, images or volumes' },
  { id: 'container.docker-prune', program: docker, subcommand: ['system|image|container|volume|network|builder|buildx', 'prune'], category: 'destructive', warning: 'may delete unused containers, images or volumes' },
  { id: 'container.compose-down-volumes', program: docker, subcommand: ['compose'], argPattern: '^(-v|--volumes)$', category: 'destructive', warning: 'may delete volumes' },
  { id: 'container.compose-down-volumes-v1', program: ['docker-compose'], argPattern: '^(-v|--volumes)$', category: 'destructive', warning: 'may delete volumes' },
  { id: 'container.docker-read', program: docker, subcommand: ['ps|images|logs|inspect|version|info|top|stats|history|diff|port|events|search'], category: 'read-only' },
  { id: 'container.docker-list', program: docker, subcommand: ['container|image|volume|network|context|compose', 'ls|list|inspect|ps|logs|config'], category: 'read-only' },
  { id: 'container.docker-pull', program: docker, subcommand: ['pull|push|login|search'], category: 'network' },
  { id: 'container.docker-write', program: [...docker, 'docker-compose'], category: 'mutating' },
  { id: 'cluster.kubectl-delete', program: kubectl, subcommand: ['delete'], category: 'destructive', network: true, warning: 'may delete cluster resources' },
  { id: 'cluster.kubectl-drain', program: kubectl, subcommand: ['drain|cordon|taint'], category: 'destructive', network: true, warning: 'may evict workloads from nodes' },
  { id: 'cluster.kubectl-replace-force', program: kubectl, subcommand: ['replace|apply'], flags: [['--force', '--prune']], category: 'destructive', network: true, warning: 'may delete and recreate cluster resources' },
  { id: 'cluster.kubectl-read', program: kubectl, subcommand: ['get|describe|logs|top|explain|version|api-resources|api-versions|cluster-info|diff|auth|config'], category: 'read-only', network: true },
  { id: 'cluster.kubectl-write', program: kubectl, category: 'network' },
  { id: 'cluster.helm-uninstall', program: ['helm'], subcommand: ['uninstall|delete|del|un'], category: 'destructive', network: true, warning: 'may delete a release' },
  { id: 'cluster.helm-read', program: ['helm'], subcommand: ['list|ls|status|get|history|show|search|template|lint|version|env'], category: 'read-only' },
  { id: 'cluster.helm-write', program: ['helm'], category: 'network' },
  { id: 'infra.terraform-destroy', program: terraform, subcommand: ['destroy'], category: 'destructive', network: true, warning: 'may destroy infrastructure' },
  { id: 'infra.terraform-destroy-flag', program: terraform, subcommand: ['apply|plan'], argPattern: '^-?-destroy$', category: 'destructive', network: true, warning: 'may destroy infrastructure' },
  { id: 'infra.terraform-auto-approve', program: terraform, subcommand: ['apply|import|state'], argPattern: '^-?-auto-approve(=true)?$', category: 'destructive', network: true, warning: 'may change infrastructure without confirmation' },
  { id: 'infra.terraform-state-rm', program: terraform, subcommand: ['state', 'rm|mv|replace-provider|push'], category: 'destructive', warning: 'may rewrite infrastructure state' },
  { id: 'infra.terraform-read', program: terraform, subcommand: ['plan|show|validate|fmt|output|version|providers|graph|state'], unlessFlags: ['-write'], category: 'read-only' },
  { id: 'infra.terraform-write', program: terraform, category: 'network' },
  { id: 'infra.pulumi-destroy', program: ['pulumi'], subcommand: ['destroy|down'], category: 'destructive', network: true, warning: 'may destroy infrastructure' },
];
