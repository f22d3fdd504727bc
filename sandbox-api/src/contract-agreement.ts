import type { AnyEndpoint } from '@driver-portal/shared/contract';
import type { Declaration } from './contracts';

/*
 * Two remotes may declare the same provider call (each owns its table): they must agree on
 * what it answers and takes. Each may list only the fields it reads, so two declarations
 * agree when every field both describe has the same type, nullability and optionality.
 * Schemas are valibot's, read through the fields valibot documents on a schema object.
 */

interface SchemaNode {
  type: string;
  entries?: Record<string, SchemaNode>;
  item?: SchemaNode;
  wrapped?: SchemaNode;
  options?: readonly unknown[];
}

const WRAPPERS: Record<string, { optional?: boolean; nullable?: boolean }> = {
  optional: { optional: true },
  exact_optional: { optional: true },
  undefinedable: { optional: true },
  nullable: { nullable: true },
  nullish: { optional: true, nullable: true },
};

/** Field path -> "type [optional] [nullable]", e.g. `$.response.cpf` -> `string`. */
export function schemaShape(schema: unknown, path = '$', into = new Map<string, string>()): Map<string, string> {
  let node = schema as SchemaNode;
  const flags = new Set<string>();
  while (WRAPPERS[node.type] && node.wrapped) {
    const wrapper = WRAPPERS[node.type] ?? {};
    if (wrapper.optional) flags.add('optional');
    if (wrapper.nullable) flags.add('nullable');
    node = node.wrapped;
  }
  const base = node.type === 'picklist' || node.type === 'literal' ? `${node.type}(${JSON.stringify(node.options ?? [])})` : node.type;
  into.set(path, [base, ...[...flags].sort()].join(' '));
  if (node.entries) for (const [key, entry] of Object.entries(node.entries)) schemaShape(entry, `${path}.${key}`, into);
  if (node.item) schemaShape(node.item, `${path}[]`, into);
  return into;
}

function conflicts(part: string, first: unknown, second: unknown): string[] {
  const a = schemaShape(first);
  const b = schemaShape(second);
  const problems: string[] = [];
  for (const [path, type] of a) {
    const other = b.get(path);
    if (other !== undefined && other !== type) problems.push(`${part} ${path}: ${type} vs ${other}`);
  }
  return problems;
}

const callOf = (endpoint: AnyEndpoint, key: (endpoint: AnyEndpoint) => string) => key(endpoint);

/** Every disagreement between two declarations of one call, as readable lines. */
export function disagreements(declared: readonly Declaration[], key: (endpoint: AnyEndpoint) => string): string[] {
  const problems: string[] = [];
  declared.forEach((first, index) => {
    for (const second of declared.slice(index + 1)) {
      if (callOf(first.endpoint, key) !== callOf(second.endpoint, key)) continue;
      const found = [
        ...conflicts('answer', first.endpoint.answer, second.endpoint.answer),
        ...(first.endpoint.body && second.endpoint.body ? conflicts('body', first.endpoint.body, second.endpoint.body) : []),
        ...(Boolean(first.endpoint.body) !== Boolean(second.endpoint.body) ? ['body: one sends a body, the other none'] : []),
      ];
      problems.push(...found.map((problem) => `${first.owner} / ${second.owner}: ${problem}`));
    }
  });
  return problems;
}
