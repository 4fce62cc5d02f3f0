import { Box, Text } from '@chakra-ui/react';
import { Handle, type Node, type NodeProps, Position } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import { inputsOf, outputOf } from '../../src/rules/flow-graph';
import type { BuilderNode } from './builder-graph';

/** A step on the canvas: what the xyflow node carries. */
export type StepData = {
  node: BuilderNode;
  /** Its words: what it does, with its options ("Above 25 (clears under 24)"). */
  summary: string;
  /** What is wrong with it, when something is. */
  problem?: string;
};

export type StepNode = Node<StepData, 'step'>;

const ACCENT: Record<string, string> = {
  point: 'blue',
  sum: 'cyan',
  mean: 'cyan',
  check: 'purple',
  notify: 'orange',
  write: 'orange',
  publish: 'orange',
};

/**
 * One step of a flow: its kind and what it does, with a handle on the left
 * for what it takes and one on the right for what it gives, where it has them.
 */
export function StepNodeView({ data, selected }: NodeProps<StepNode>) {
  const { t } = useTranslation('logic-builder');
  const { node, summary, problem } = data;
  const takes = node.kind === 'check' ? true : inputsOf(node.kind).takes !== 'none';
  const gives = node.kind === 'check' ? true : outputOf(node.kind) !== 'none';
  const palette = ACCENT[node.kind] ?? 'gray';
  return (
    <Box
      data-testid="flow-step"
      data-step={node.id}
      bg="bg.panel"
      borderWidth="2px"
      borderColor={problem ? 'border.error' : selected ? 'colorPalette.solid' : 'border'}
      colorPalette={palette}
      borderRadius="md"
      px="3"
      py="2"
      minW="40"
      maxW="60"
      boxShadow={selected ? 'md' : 'xs'}
    >
      {takes ? (
        <Handle type="target" position={Position.Left} aria-label={t('handles.in', { id: node.id })} />
      ) : null}
      <Text fontSize="xs" fontWeight="semibold" color="colorPalette.fg" textTransform="uppercase">
        {t(`kinds.${node.kind}`)}
      </Text>
      <Text fontSize="sm" lineClamp={3}>
        {summary}
      </Text>
      {problem ? (
        <Text fontSize="xs" color="fg.error" mt="1">
          {problem}
        </Text>
      ) : null}
      {gives ? (
        <Handle type="source" position={Position.Right} aria-label={t('handles.out', { id: node.id })} />
      ) : null}
    </Box>
  );
}
