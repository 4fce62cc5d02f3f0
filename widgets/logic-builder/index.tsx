import { Box, Button, Heading, HStack, Input, Stack, Switch, Text, Wrap } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import {
  type AriaLabelConfig,
  Background,
  Controls,
  type EdgeChange,
  type NodeChange,
  ReactFlow,
  ReactFlowProvider,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { TFunction } from 'i18next';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ApiFailure } from '../../src/api/api-failure';
import { useCan } from '../../src/auth/use-can';
import { replayQuery, thresholdsQuery, useCreateRule, useUpdateRule } from '../../src/data/alerts';
import { pointSearchQuery } from '../../src/data/point-search';
import type { WidgetProps } from '../../src/engine/widget-types';
import type {
  AlertRule,
  AlertSeverity,
  ExplorerDataPoint,
  FlowNode,
  ThresholdCreateRequest,
} from '../../src/generated/api-types';
import { settingsAtom } from '../../src/settings/settings-atoms';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { notify } from '../../src/ui/toaster';
import { ChoiceSelect } from '../shared/choice-select';
import { Labelled } from '../shared/labelled';
import {
  type BuilderGraph,
  type BuilderNode,
  freshId,
  type GraphProblem,
  graphOfRule,
  newNode,
  nodeAt,
  ruleOfGraph,
} from './builder-graph';
import { StepInspector } from './step-inspector';
import { type StepNode, StepNodeView } from './step-node';
import { graphProblemText, stepText } from './step-text';

const PALETTE: readonly FlowNode['kind'][] = [
  'point',
  'sum',
  'mean',
  'compare',
  'and',
  'or',
  'not',
  'for',
  'schedule',
  'notify',
  'write',
  'publish',
];
const NODE_TYPES = { step: StepNodeView };
const REPLAY_DAYS = 7;

/** A rule being built: its fields besides the graph, and which saved rule it is, if any. */
interface Draft {
  id?: number;
  name: string;
  severity: AlertSeverity;
  cooldownMinutes: number;
  activeHours: AlertRule['activeHours'];
  enabled: boolean;
  graph: BuilderGraph;
}

const NEW_FLOW: Draft = {
  name: '',
  severity: 'warning',
  cooldownMinutes: 0,
  activeHours: null,
  enabled: false,
  graph: { nodes: [], edges: [] },
};

/**
 * The logic builder: any rule as a flow of steps on a canvas (@xyflow/react),
 * from inputs through conditions to actions, with the chosen step's options
 * beside it. A rule of the form's kinds opens as one check step and saves
 * back as the form's rule; anything else saves as a flow. Editors and up
 * build; everyone else is told the rules are theirs to read in the list.
 */
export default function LogicBuilder({ data }: WidgetProps<'logic-builder'>) {
  const { t } = useTranslation('logic-builder');
  const heading = data.heading ?? t('heading');
  const canEdit = useCan('thresholdCreate');
  const rules = useQuery({ ...thresholdsQuery(), enabled: canEdit });
  const points = useQuery({ ...pointSearchQuery({}), enabled: canEdit });
  return (
    <Stack as="section" aria-label={heading} gap="3" id="builder">
      <Heading as="h2" size="md">
        {heading}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {t('intro')}
      </Text>
      {canEdit ? (
        <DataState state={fromQuery(rules)} what={t('rulesWhat')}>
          {(answer) => (
            <DataState state={fromQuery(points)} what={t('pointsWhat')}>
              {(list) => <Builder rules={answer.rules} points={list} />}
            </DataState>
          )}
        </DataState>
      ) : (
        <Text fontSize="sm">{t('editorsOnly')}</Text>
      )}
    </Stack>
  );
}

function draftOf(rule: AlertRule): Draft {
  return {
    id: rule.id,
    name: rule.name,
    severity: rule.severity,
    cooldownMinutes: rule.cooldownMinutes,
    activeHours: rule.activeHours,
    enabled: rule.enabled,
    graph: graphOfRule(rule),
  };
}

function Builder({ rules, points }: { rules: AlertRule[]; points: ExplorerDataPoint[] }) {
  const { t } = useTranslation('logic-builder');
  const [params] = useSearchParams();
  const sent = params.get('flow');
  const ruleOf = (id: string | null) => rules.find((rule) => String(rule.id) === id);
  const [draft, setDraft] = useState<Draft>(() => {
    const rule = ruleOf(sent);
    return rule ? draftOf(rule) : NEW_FLOW;
  });
  // Which draft this is, so the inspector's fields start afresh when another rule opens with steps of the same ids.
  const [generation, setGeneration] = useState(0);
  const [selected, setSelected] = useState<string | undefined>();
  const [serverProblem, setServerProblem] = useState<GraphProblem | undefined>();
  const [replayed, setReplayed] = useState<ThresholdCreateRequest | undefined>();
  const start = (next: Draft) => {
    setDraft(next);
    setGeneration((count) => count + 1);
    setSelected(undefined);
    setServerProblem(undefined);
    setReplayed(undefined);
  };
  // Sent here from the list or the form (?flow=<id>): that rule replaces what was being built. Only a change
  // of the address does; choosing in "Open" leaves it as it is.
  const [seen, setSeen] = useState(sent);
  if (sent !== seen) {
    setSeen(sent);
    const rule = ruleOf(sent);
    if (rule) start(draftOf(rule));
  }
  const create = useCreateRule();
  const update = useUpdateRule();
  const dark = useAtomValue(settingsAtom).theme === 'dark';

  const graph = draft.graph;
  const checked = ruleOfGraph(graph);
  const problems = 'problems' in checked ? checked.problems : [];
  const shown = serverProblem ? [serverProblem, ...problems] : problems;
  const pointName = (id: number | undefined) =>
    points.find((point) => point.id === id)?.name ?? t('summary.noPoint');
  const problemText = ({ problem }: GraphProblem) => graphProblemText(problem, t);

  // Always from the graph as it is by then: a control may call back with the props of an earlier render.
  const setGraph = (change: (graph: BuilderGraph) => BuilderGraph) => {
    setServerProblem(undefined);
    setDraft((current) => ({ ...current, graph: change(current.graph) }));
  };
  // Drawn afresh at each render: a flow has a few dozen steps at most.
  const flowNodes: StepNode[] = graph.nodes.map((node) => {
    const problem = shown.find((item) => item.nodeId === node.id);
    return {
      id: node.id,
      type: 'step',
      position: { x: node.x, y: node.y },
      selected: node.id === selected,
      data: {
        node,
        summary: stepText(node, pointName, t),
        problem: problem ? problemText(problem) : undefined,
      },
    };
  });
  const flowEdges = graph.edges.map((edge) => ({
    id: `${edge.from}->${edge.to}`,
    source: edge.from,
    target: edge.to,
  }));

  const onNodesChange = (changes: NodeChange<StepNode>[]) => {
    for (const change of changes) if (change.type === 'select' && change.selected) setSelected(change.id);
    const moves = changes.filter((change) => change.type === 'position' || change.type === 'remove');
    if (moves.length === 0) return;
    setGraph((current) => {
      let next = current;
      for (const change of moves) {
        if (change.type === 'remove') next = withoutNode(next, change.id);
        else if (change.type === 'position' && change.position) {
          const { x, y } = change.position;
          next = {
            ...next,
            nodes: next.nodes.map((node) =>
              node.id === change.id ? { ...node, x: Math.round(x), y: Math.round(y) } : node,
            ),
          };
        }
      }
      return next;
    });
  };
  const onEdgesChange = (changes: EdgeChange[]) => {
    const removed = new Set(changes.flatMap((change) => (change.type === 'remove' ? [change.id] : [])));
    if (removed.size > 0)
      setGraph((current) => ({
        ...current,
        edges: current.edges.filter((edge) => !removed.has(`${edge.from}->${edge.to}`)),
      }));
  };
  const join = (from: string, to: string, joined: boolean) => {
    setGraph((current) => {
      const others = current.edges.filter((edge) => !(edge.from === from && edge.to === to));
      return { ...current, edges: joined ? [...others, { from, to }] : others };
    });
  };
  const add = (kind: FlowNode['kind']) => {
    const id = freshId(graph, kind);
    const column = PALETTE.indexOf(kind) < 4 ? PALETTE.indexOf(kind) : Math.min(PALETTE.indexOf(kind), 9) - 3;
    const count = graph.nodes.length;
    setGraph((current) => ({
      ...current,
      nodes: [...current.nodes, newNode(kind, id, column * 220, (count % 5) * 110)],
    }));
    setSelected(id);
  };
  const open = (value: string) => {
    const rule = ruleOf(value);
    start(rule ? draftOf(rule) : NEW_FLOW);
  };

  const request = (): ThresholdCreateRequest | undefined =>
    'problems' in checked
      ? undefined
      : {
          name: draft.name.trim(),
          dataPointId: checked.dataPointId,
          condition: checked.condition,
          severity: draft.severity,
          cooldownMinutes: draft.cooldownMinutes,
          activeHours: draft.activeHours,
          enabled: draft.enabled,
        };
  const save = () => {
    const fields = request();
    if (!fields) return;
    const failed = (error: Error) => {
      const pointer = error instanceof ApiFailure ? error.body?.issues?.[0]?.pointer : undefined;
      setServerProblem({
        nodeId: pointer ? nodeAt(graph, pointer) : undefined,
        problem: { code: 'server', message: error.message },
      });
    };
    const done = (answer: { rule: AlertRule }) => {
      notify.success(t('saved', { name: answer.rule.name }));
      setDraft((current) => ({ ...current, id: answer.rule.id }));
    };
    if (draft.id === undefined) create.mutate(fields, { onSuccess: done, onError: failed });
    else update.mutate({ id: draft.id, ...fields }, { onSuccess: done, onError: failed });
  };

  const node = graph.nodes.find((item) => item.id === selected);
  const fields = request();
  const simple = fields !== undefined && fields.condition.kind !== 'flow';
  return (
    <Stack gap="3">
      <Wrap gap="3" align="end">
        <Labelled label={t('open')}>
          <ChoiceSelect
            value={draft.id === undefined ? '' : String(draft.id)}
            onChange={open}
            choices={[
              { value: '', label: t('newFlow') },
              ...rules.map((rule) => ({ value: String(rule.id), label: rule.name })),
            ]}
          />
        </Labelled>
        <Labelled label={t('name')}>
          <Input
            size="sm"
            value={draft.name}
            onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
          />
        </Labelled>
        <Labelled label={t('severity')}>
          <ChoiceSelect
            value={draft.severity}
            onChange={(severity) => setDraft({ ...draft, severity })}
            choices={(['info', 'warning', 'critical'] as const).map((value) => ({
              value,
              label: t(`severities.${value}`),
            }))}
          />
        </Labelled>
        <Labelled label={t('cooldown')}>
          <Input
            size="sm"
            type="number"
            min={0}
            max={10080}
            width="24"
            value={draft.cooldownMinutes}
            onChange={(event) =>
              setDraft({
                ...draft,
                cooldownMinutes: Math.max(0, Math.round(Number(event.currentTarget.value) || 0)),
              })
            }
          />
        </Labelled>
        <Switch.Root
          checked={draft.enabled}
          onCheckedChange={(details) => setDraft({ ...draft, enabled: details.checked })}
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{t('enabled')}</Switch.Label>
        </Switch.Root>
      </Wrap>
      <Wrap gap="1" role="group" aria-label={t('palette')}>
        {PALETTE.map((kind) => (
          <Button key={kind} size="xs" variant="outline" onClick={() => add(kind)}>
            {t('add', { kind: t(`kinds.${kind}`) })}
          </Button>
        ))}
      </Wrap>
      <Stack direction={{ base: 'column', lg: 'row' }} gap="3" align="stretch">
        <Box
          // Beside the inspector it takes the width left; above it (a column), its own height.
          flex={{ base: 'none', lg: '1' }}
          minW="0"
          height={{ base: '360px', lg: '460px' }}
          borderWidth="1px"
          borderRadius="md"
          data-testid="flow-canvas"
          aria-label={t('canvas')}
        >
          <ReactFlowProvider>
            <ReactFlow
              nodes={flowNodes}
              edges={flowEdges}
              nodeTypes={NODE_TYPES}
              onNodesChange={onNodesChange}
              onEdgesChange={onEdgesChange}
              onConnect={(connection) => join(connection.source, connection.target, true)}
              onPaneClick={() => setSelected(undefined)}
              colorMode={dark ? 'dark' : 'light'}
              ariaLabelConfig={canvasWords(t)}
              fitView
              // A flow of ten steps is wider than the canvas: it fits when zoomed out past xyflow's 0.5.
              minZoom={0.2}
              proOptions={{ hideAttribution: true }}
            >
              <Background />
              <Controls showInteractive={false} />
            </ReactFlow>
          </ReactFlowProvider>
        </Box>
        <Box width={{ base: 'full', lg: '80' }} borderWidth="1px" borderRadius="md" p="3">
          {node ? (
            <StepInspector
              key={`${generation}:${node.id}`}
              graph={graph}
              node={node}
              points={points}
              formAddress={draft.id !== undefined && simple ? `?edit=${draft.id}#rules` : undefined}
              change={(fields) =>
                setGraph((current) => ({
                  ...current,
                  nodes: current.nodes.map((item) =>
                    item.id === node.id ? ({ ...item, ...fields } as BuilderNode) : item,
                  ),
                }))
              }
              joinFrom={(from, joined) => join(from, node.id, joined)}
              remove={() => {
                setGraph((current) => withoutNode(current, node.id));
                setSelected(undefined);
              }}
            />
          ) : (
            <Text fontSize="sm" color="fg.muted">
              {graph.nodes.length === 0 ? t('emptyCanvas') : t('chooseStep')}
            </Text>
          )}
        </Box>
      </Stack>
      {shown.length > 0 && graph.nodes.length > 0 ? (
        <Stack gap="1" role="alert" aria-label={t('problemsHeading')}>
          {shown.map((problem) => (
            <Text key={`${problem.nodeId}:${problemText(problem)}`} fontSize="sm" color="fg.error">
              {problem.nodeId ? `${problem.nodeId}: ` : ''}
              {problemText(problem)}
            </Text>
          ))}
        </Stack>
      ) : null}
      <HStack gap="2" wrap="wrap">
        <Button
          size="sm"
          onClick={save}
          disabled={fields === undefined || draft.name.trim() === ''}
          loading={create.isPending || update.isPending}
        >
          {draft.id === undefined ? t('create') : t('save')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={fields === undefined}
          onClick={() => setReplayed(fields)}
        >
          {t('replay', { days: REPLAY_DAYS })}
        </Button>
        {draft.id !== undefined && simple ? (
          <Button asChild size="sm" variant="ghost">
            <a href={`?edit=${draft.id}#rules`}>{t('openInForm')}</a>
          </Button>
        ) : null}
      </HStack>
      {replayed ? <ReplayAnswer request={replayed} /> : null}
    </Stack>
  );
}

/** What the flow would have done over the last days: how often, and the first times. */
function ReplayAnswer({ request }: { request: ThresholdCreateRequest }) {
  const { t } = useTranslation('logic-builder');
  const { name: _name, ...rule } = request;
  const replay = useQuery(replayQuery({ ...rule, days: REPLAY_DAYS }));
  return (
    <DataState state={fromQuery(replay)} what={t('replayWhat')}>
      {(answer) => (
        <Stack gap="1" data-testid="flow-replay">
          <Text fontSize="sm">
            {t('replayed', { count: answer.fired, readings: answer.readings, days: REPLAY_DAYS })}
          </Text>
          {answer.firings.slice(0, 5).map((firing) => (
            <Text key={firing.firedAt} fontSize="xs" color="fg.muted">
              {new Date(firing.firedAt).toLocaleString()}
              {firing.resolvedAt ? ` – ${new Date(firing.resolvedAt).toLocaleString()}` : ''}
            </Text>
          ))}
        </Stack>
      )}
    </DataState>
  );
}

function withoutNode(graph: BuilderGraph, id: string): BuilderGraph {
  return {
    nodes: graph.nodes.filter((node) => node.id !== id),
    edges: graph.edges.filter((edge) => edge.from !== id && edge.to !== id),
  };
}

/** What the canvas says to keyboards and screen readers, in the person's language rather than xyflow's English. */
function canvasWords(t: TFunction<'logic-builder'>): Partial<AriaLabelConfig> {
  return {
    'node.a11yDescription.default': t('a11y.node'),
    'node.a11yDescription.keyboardDisabled': t('a11y.nodeFixed'),
    'node.a11yDescription.ariaLiveMessage': ({ direction, x, y }) =>
      t('a11y.moved', { direction: t(`a11y.directions.${direction}`, { defaultValue: direction }), x, y }),
    'edge.a11yDescription.default': t('a11y.edge'),
    'controls.ariaLabel': t('a11y.controls'),
    'controls.zoomIn.ariaLabel': t('a11y.zoomIn'),
    'controls.zoomOut.ariaLabel': t('a11y.zoomOut'),
    'controls.fitView.ariaLabel': t('a11y.fitView'),
    'controls.interactive.ariaLabel': t('a11y.interactive'),
    'minimap.ariaLabel': t('a11y.minimap'),
    'handle.ariaLabel': t('a11y.handle'),
  };
}
