import { answerRuleOf } from '@driver-portal/shared/answers';
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
  // How a remote reads a field (shown, strict, a list that leaves out broken entries) is its own
  // business: two declarations agree on what travels. A field only shown is any of its type.
  const rule = answerRuleOf(schema);
  if (rule?.kind === 'shown') {
    into.set(path, `${{ text: 'string', number: 'number', flag: 'boolean' }[rule.as]} ${SHOWN}`);
    return into;
  }
  if (rule?.kind === 'list') {
    into.set(path, 'array');
    return schemaShape(rule.item, `${path}[]`, into);
  }
  if (rule?.kind === 'strict' && rule.digits) {
    into.set(path, 'number');
    return into;
  }
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

const SHOWN = '(shown)';
const baseType = (shape: string) => shape.split(' ')[0];

function conflicts(part: string, first: unknown, second: unknown): string[] {
  const a = schemaShape(first);
  const b = schemaShape(second);
  const problems: string[] = [];
  for (const [path, type] of a) {
    const other = b.get(path);
    if (other === undefined || other === type) continue;
    // A field one remote only shows agrees with any declaration of the same type.
    const shownOnOneSide = type.endsWith(SHOWN) || other.endsWith(SHOWN);
    if (shownOnOneSide && baseType(type) === baseType(other)) continue;
    problems.push(`${part} ${path}: ${type} vs ${other}`);
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
