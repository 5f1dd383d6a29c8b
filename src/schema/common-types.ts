/**
 * The A2UI v1.0 common types (`common_types.json#/$defs`) as compact data, descriptions stripped.
 * Deliberate differences from the spec file:
 * - `FunctionCall` checks only the wire envelope (`@call`, optional `catalogId`, optional `args`
 *   whose values are `DynamicValue`, nothing else) instead of `catalog.json#/$defs/anyFunction`:
 *   arguments are validated at call time against the called function's schema. `@index` calls are
 *   still checked in full against `IndexSystemFunction` (system functions belong to no catalog).
 * - `ValidationResult` (from `catalog_definition.json`) is added.
 */
import type { JsonSchemaObject } from './types.ts';

const ref = (name: string) => ({ $ref: `#/$defs/${name}` });
const IDENTIFIER = '^[\\p{XID_Start}_][\\p{XID_Continue}]*$';
/** A literal object in a dynamic position: single-`@` keys are reserved (`@@x` escapes a literal `@x`). */
const LITERAL_OBJECT = { type: 'object', propertyNames: { not: { pattern: '^@([^@]|$)' } } };
const dynamic = (literal: JsonSchemaObject) => ({ oneOf: [literal, ref('DataBinding'), ref('FunctionCall')] });
const string = { type: 'string' };
const stringArray = { type: 'array', items: string };

/** The common types document; `#/$defs/...` refs inside it resolve to itself. */
export const commonTypes: JsonSchemaObject = {
  $id: 'https://a2ui.org/specification/v1_0/common_types.json',
  $defs: {
    ComponentId: { type: 'string', pattern: IDENTIFIER },
    CallId: string,
    AccessibilityAttributes: {
      type: 'object',
      properties: {
        label: ref('DynamicString'),
        description: ref('DynamicString'),
        live: { type: 'string', enum: ['off', 'polite', 'assertive'], default: 'off' },
        hidden: ref('DynamicBoolean'),
      },
      additionalProperties: false,
    },
    Extensions: { type: 'object', patternProperties: { [IDENTIFIER]: {} }, additionalProperties: false },
    ComponentCommon: {
      type: 'object',
      properties: {
        id: ref('ComponentId'),
        '@catalogId': string,
        '@accessibility': ref('AccessibilityAttributes'),
        '@metadata': { type: 'object', properties: { extensions: ref('Extensions') }, additionalProperties: false },
      },
      required: ['id'],
    },
    Child: ref('ComponentId'),
    ChildList: {
      oneOf: [
        { type: 'array', items: ref('ComponentId') },
        {
          type: 'object',
          properties: { componentId: ref('ComponentId'), path: string },
          required: ['componentId', 'path'],
          additionalProperties: false,
        },
      ],
    },
    DataBinding: { type: 'object', properties: { '@path': string }, required: ['@path'], additionalProperties: false },
    DynamicValue: {
      oneOf: [string, { type: 'number' }, { type: 'boolean' }, { type: 'array' }, LITERAL_OBJECT, ref('DataBinding'), ref('FunctionCall')],
    },
    DynamicString: dynamic(string),
    DynamicNumber: dynamic({ type: 'number' }),
    DynamicBoolean: dynamic({ type: 'boolean' }),
    DynamicStringList: dynamic(stringArray),
    FunctionCommon: { type: 'object', properties: { '@call': string, catalogId: string }, required: ['@call'] },
    IndexSystemFunction: {
      type: 'object',
      returnType: 'number',
      properties: {
        '@call': { const: '@index' },
        args: {
          type: 'object',
          properties: { offset: { ...ref('DynamicNumber'), default: 0 } },
          unevaluatedProperties: false,
        },
      },
      required: ['@call'],
      unevaluatedProperties: false,
    },
    FunctionCall: {
      type: 'object',
      properties: { '@call': string, catalogId: string, args: { type: 'object' } },
      required: ['@call'],
      additionalProperties: false,
      // Arguments are checked once, by one branch: nested calls must not double the work per level.
      if: { properties: { '@call': { const: '@index' } }, required: ['@call'] },
      then: ref('IndexSystemFunction'),
      else: { properties: { args: { additionalProperties: ref('DynamicValue') } } },
    },
    CheckRule: {
      type: 'object',
      properties: { condition: { oneOf: [ref('DataBinding'), ref('FunctionCall')] }, message: string },
      required: ['condition'],
      additionalProperties: false,
    },
    Checkable: { type: 'object', properties: { '@checks': { type: 'array', items: ref('CheckRule') } } },
    Action: {
      oneOf: [
        {
          type: 'object',
          properties: {
            event: {
              type: 'object',
              properties: {
                name: string,
                userMessage: ref('DynamicString'),
                context: { type: 'object', additionalProperties: ref('DynamicValue') },
              },
              required: ['name'],
              additionalProperties: false,
            },
          },
          required: ['event'],
          additionalProperties: false,
        },
        {
          type: 'object',
          properties: { functionCall: ref('FunctionCall') },
          required: ['functionCall'],
          additionalProperties: false,
        },
      ],
    },
    Surface: {
      type: 'object',
      allowedParents: [],
      properties: { component: { const: 'Surface' }, child: { const: 'root' } },
      additionalProperties: false,
    },
    FunctionResponse: {
      type: 'object',
      properties: {
        functionCallId: ref('CallId'),
        value: {},
        error: {
          type: 'object',
          properties: { code: string, message: string },
          required: ['code', 'message'],
          additionalProperties: false,
        },
      },
      required: ['functionCallId'],
      oneOf: [{ required: ['value'] }, { required: ['error'] }],
      additionalProperties: false,
    },
    ValidationResult: {
      type: 'object',
      properties: {
        valid: { type: 'boolean' },
        code: string,
        message: string,
        severity: { type: 'string', enum: ['error', 'warning', 'info'], default: 'error' },
      },
      required: ['valid'],
    },
  },
};
