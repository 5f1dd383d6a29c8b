/**
 * THE skip list: the only way a conformance case is skipped. Keyed by suite file, then by case
 * name (`*` alone skips the whole suite; a `*` inside a name matches any text; the first matching
 * entry wins). Every entry gives its reason; an entry that matches no case fails the run.
 * Reviewed: keep it short. Spec quotes are from the v1.0 specification text
 * (015_specification__v1.0-a2ui.md) unless they name the evolution guide (018).
 */

const V09 = 'v0.9: runs in test/node/v09-conformance.test.ts, with the v0.9 adapter (src/v09) enabled';
const SDK_SCHEMA = "tests the official SDK's own schema generator / serializer, not a renderer behaviour";
const UNDECLARED =
  'contradicts the v1.0 text, which routes a call to a function the catalog does not declare to the agent: "If the renderer has no ' +
  'local implementation, the renderer assumes it is an agent-side function and dispatches a `callAgentFunction` message over the ' +
  'protocol. This covers a function that the catalog does not declare"';
const PROGRESSIVE =
  'contradicts the v1.0 text: "Because components may reference children or data bindings that do not yet exist, renderers should ' +
  'handle missing references gracefully by rendering placeholders (progressive rendering)."';
const DYNAMIC_BOOLEAN =
  'contradicts the v1.0 DynamicBoolean coercion table: "Any other `string`, including `""` and `"hello"` | `false`"';
const LENGTH = 'contradicts the v1.0 basic catalog: "| **length** | Checks string length constraints. |" (its `value` is a DynamicString)';
const ACTIVATION =
  'the case declares requiresUserActivation with allowedCallers rendererOrAgent, which v1.0 forbids: "Note that ' +
  '`catalog_definition.json` requires functions declaring `requiresUserActivation: true` (such as `openUrl`) to set ' +
  '`allowedCallers: "rendererOnly"`, preventing agent-initiated remote invocation."';
const LEGACY_KEYS =
  'schema-only rule; the evolution guide (018) keeps the bare key at run time: "During the transition from early v1.0 drafts, ' +
  'renderers and Core SDKs still accept a legacy bare `catalogId`, `metadata`, `accessibility`, or `checks` on a v1.0 component when ' +
  'the component\'s schema does not declare a property of that name"';
const COLLECTION =
  'the draft `Collection` component (`items` / `template`) is not v1.0: "Any property that holds a list of children or a template MUST use the `ChildList` type."';
const FUNCTION_SHAPE =
  'the inline catalog writes functions in the SDK\'s `parameters` shape, which v1.0 rejects: "Every function schema defined inside the ' +
  '`functions` map must validate a wire-level `FunctionCall` object. This requires: - A `properties` block with a `@call` property ' +
  'containing a constant of the function\'s name"';
const PER_SURFACE =
  'needs a per-surface list of supported catalogs, which no v1.0 message carries: catalogs are resolved by "its explicit `@catalogId` / ' +
  '`catalogId` or the surface default `catalogId`"';
const PLURALIZE =
  'contradicts the v1.0 basic catalog, whose pluralize "Returns a localized string based on the Common Locale Data Repository (CLDR) ' +
  "plural category of the count (zero, one, two, few, many, other). Requires an 'other' fallback. For English, just use 'one' and " +
  '\'other\'." (the case is en-US: CLDR gives 0 and 2 the category `other`)';
const OUTBOUND = 'renderer → agent messages: the store produces them and has no entry point that consumes them';

export const SKIPS: Record<string, Record<string, string>> = {
  'message_processor_v0_9.yaml': { '*': V09 },
  'validator_v0_9.yaml': { '*': V09 },
  'accessibility.yaml': { '*': 'UI-only (axe-core, ARIA plumbing): belongs to the elements tests in the browser' },

  'actions.yaml': {
    test_action_direct_name_shorthand: `${V09} (the v0.9 \`{name, context}\` action shorthand)`,
    test_action_function_call_unknown_function_reports_expression_error: UNDECLARED,
    test_action_event_context_unknown_function_reports_expression_error: UNDECLARED,
  },
  'catalog.yaml': {
    test_v10_catalog_from_json_no_theme: FUNCTION_SHAPE,
    test_v10_catalog_from_json_functions_metadata: FUNCTION_SHAPE,
    test_v10_catalog_from_json_v1_0_attributes: FUNCTION_SHAPE,
    test_v10_uax31_valid_non_ascii_identifier: FUNCTION_SHAPE,
    test_catalog_from_json_missing_catalog_id_error:
      "the expected text is the Python SDK's own wording (\"catalog_id must be provided or exist in catalog_schema\"); we refuse the catalog with a CatalogError saying it is missing catalogId",
    '*validation_schema*': SDK_SCHEMA,
    'test_v08_*': V09,
    'test_v09_*': V09,
    'test_v091_*': V09,
    test_v10_basic_catalog_to_json_is_unbundled: `${SDK_SCHEMA} (the published catalog's $defs hold the leaf definition Weight; the SDK's serializer drops it)`,
    test_v10_catalog_from_json_uax31_validation: 'declares a function "@index", which v1.0 forbids: "Custom catalogs MUST NOT define functions prefixed with `@`."',
    test_v10_published_basic_catalog_validates_function_calls: UNDECLARED,
  },
  'common_types.yaml': {
    '*_common_types_schema_matches_specification': SDK_SCHEMA,
    'test_v09_*': V09,
    'test_v091_*': V09,
  },
  'functions.yaml': {
    test_evaluate_function_length_array_count_valid: LENGTH,
    test_evaluate_function_length_array_count_too_short: LENGTH,
    test_evaluate_function_and_truthiness_coercion_true: DYNAMIC_BOOLEAN,
    test_evaluate_function_or_truthiness_coercion_true: DYNAMIC_BOOLEAN,
    test_evaluate_function_not_truthiness_truthy: DYNAMIC_BOOLEAN,
    test_evaluate_function_not_validation_result_operand_v0_9: V09,
    test_evaluate_function_pluralize_explicit_zero: PLURALIZE,
    test_evaluate_function_pluralize_explicit_two: PLURALIZE,
    test_evaluate_function_pluralize_explicit_empty_string: PLURALIZE,
    test_evaluate_function_v09_ignores_call_catalog_id: V09,
  },
  'index_function.yaml': {
    test_index_function_in_collection_loop: COLLECTION,
    test_index_function_with_offset: COLLECTION,
    test_index_function_nested_path: COLLECTION,
    test_index_function_outside_loop_error:
      'expects a ValidationError; the evolution guide (018) makes it an evaluation error: "Calling `@index` outside of template iteration results in an evaluation error."',
  },
  'multi_catalog.yaml': {
    test_multi_catalog_version_mismatch_error: PER_SURFACE,
  },
  'message_processor_v1_0.yaml': {
    test_global_recursion_depth_limit_exceeded_error:
      'the payload is invalid before any recursion: `meta` is not a property of the basic `Text`, and v1.0 components are validated strictly ("strict schema validation (`additionalProperties: false`) protects components"); our nesting limit is tested in test/node',
    test_v091_version_string_compatibility: V09,
    test_v10_get_renderer_data_model_filters_by_surface_protocol_version: `${V09} (needs a v0.9 surface)`,
    test_v10_function_call_naming_catalog_without_that_function_errors: UNDECLARED,
    test_v10_function_call_without_catalog_id_to_unknown_function_errors: UNDECLARED,
    test_v10_nested_call_in_args_resolves_its_own_catalog: UNDECLARED,
    test_v10_call_in_index_args_is_checked: UNDECLARED,
    test_v10_call_in_list_without_catalog_id_uses_surface_default: UNDECLARED,
  },
  'node_resolution.yaml': {
    shared_definition_independent_instances: 'remove_component has no v1.0 message: "every message streamed by the agent must be a JSON object containing exactly one of the following keys: `createSurface`, `updateComponents`, `updateDataModel`, `deleteSurface`, `callRendererFunction`, or `agentFunctionResponse`"',
    root_lifecycle: 'remove_component has no v1.0 message (see shared_definition_independent_instances)',
  },
  'rpc_functions.yaml': {
    test_rpc_call_renderer_function_requires_user_activation: ACTIVATION,
    test_rpc_call_renderer_function_user_activation_denied: ACTIVATION,
  },
  'validator_v1_0.yaml': {
    test_validator_theme_schema: `${V09} (v0.9 messages with a surface theme)`,
    test_v10_topology_dangling_child_reference_error: PROGRESSIVE,
    test_v10_topology_orphaned_component_error: PROGRESSIVE,
    test_v10_topology_missing_root_component_error: PROGRESSIVE,
  },

  'call_agent_function_message.json': { '*': OUTBOUND },
  'current_syntax_renderer_messages.json': { '*': OUTBOUND },
  'function_response.json': { '*': OUTBOUND },
  'renderer_messages.json': { '*': OUTBOUND },
  'current_syntax_components.json': {
    'Invalid: bare * on a *': LEGACY_KEYS,
  },
  'current_syntax_dynamic_values.json': {
    'Invalid: FunctionCall naming a function that the catalog does not declare': UNDECLARED,
  },
};
