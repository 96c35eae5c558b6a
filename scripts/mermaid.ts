import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';

function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'config' in value && 'provide' in value;
}

function nodeName(node: AnyStateNode) {
  return node.path.length === 0 ? node.machine.id : node.path.join('__');
}

function label(eventType: string) {
  if (eventType.startsWith('xstate.after.'))
    return `after ${eventType.split('.')[2]?.replace(/^.*?\((.*)\)$/, '$1') ?? ''}`;
  if (eventType.startsWith('xstate.done.actor.')) return `${eventType.slice('xstate.done.actor.'.length)} done`;
  if (eventType.startsWith('xstate.error.actor.')) return `${eventType.slice('xstate.error.actor.'.length)} failed`;
  return eventType === '' ? 'always' : eventType;
}

function renderNode(node: AnyStateNode, indent: string, lines: string[]) {
  const children = Object.values(node.states) as AnyStateNode[];
  if (node.type === 'parallel') {
    children.forEach((child, index) => {
      if (index > 0) lines.push(`${indent}--`);
      renderRegion(child, indent, lines);
    });
    return;
  }
  if (node.initial?.target?.[0]) lines.push(`${indent}[*] --> ${nodeName(node.initial.target[0])}`);
  for (const child of children) renderRegion(child, indent, lines);
}

function renderRegion(node: AnyStateNode, indent: string, lines: string[]) {
  const children = Object.values(node.states) as AnyStateNode[];
  const name = nodeName(node);
  if (children.length > 0) {
    lines.push(`${indent}state "${node.key}" as ${name} {`);
    renderNode(node, `${indent}  `, lines);
    lines.push(`${indent}}`);
  } else {
    lines.push(`${indent}state "${node.key}" as ${name}`);
  }
  if (node.type === 'final') lines.push(`${indent}${name} --> [*]`);
  const transitions = [...node.transitions.values()].flat();
  for (const transition of [...transitions, ...(node.always ?? [])]) {
    const targets = transition.target ?? [node];
    const guard = transition.guard
      ? ` [${typeof transition.guard === 'string' ? transition.guard : ((transition.guard as { type?: string }).type ?? 'guard')}]`
      : '';
    for (const target of targets) {
      lines.push(`${indent}${name} --> ${nodeName(target)}: ${label(transition.eventType)}${guard}`);
    }
  }
}

/** A Mermaid stateDiagram-v2 of one machine: states, events, guards, timers and invocations. */
export function machineToMermaid(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2'];
  renderNode(machine.root, '  ', lines);
  return `${lines.join('\n')}\n`;
}

/** Every machine exported by machines/*.machine.ts, keyed by file name. */
export async function loadMachines(machinesDir: string) {
  const found: { file: string; exportName: string; machine: AnyStateMachine }[] = [];
  for (const file of readdirSync(machinesDir)
    .filter((name) => name.endsWith('.machine.ts'))
    .sort()) {
    const module: Record<string, unknown> = await import(pathToFileURL(path.join(machinesDir, file)).href);
    for (const [exportName, value] of Object.entries(module)) {
      if (isMachine(value)) found.push({ file, exportName, machine: value });
    }
  }
  return found;
}

export function diagramDocument(file: string, exportName: string, machine: AnyStateMachine) {
  return `# ${exportName}\n\nGenerated from \`machines/${file}\` by \`npm run diagrams\`; do not edit by hand.\n\n\`\`\`mermaid\n${machineToMermaid(machine)}\`\`\`\n`;
}

/** docs/flows/<name>.md for a machine export: `adminLeadsMachine` → `admin-leads.md`. */
export function diagramFileName(exportName: string) {
  return `${exportName.replace(/Machine$/, '').replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.md`;
}
