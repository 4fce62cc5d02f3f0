// Konva draws its own Text on the canvas; Chakra's is the page's, for words beside it.
import { Box, Text as Caption, HStack, IconButton } from '@chakra-ui/react';
import type Konva from 'konva';
import type { KonvaEventObject } from 'konva/lib/Node';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Circle, Group, Image as KonvaImage, Layer, Line, Rect, Stage, Text } from 'react-konva';
import { useStoredPicture } from '../../src/data/stored-picture';
import type { FloorPlan, FloorPlanPoint } from '../../src/generated/api-types';
import { pointLook } from './plan-colours';
import type { PlanContent } from './plan-draft';

interface View {
  scale: number;
  x: number;
  y: number;
}

const ZOOM_STEP = 1.25;
/**
 * Every shape is drawn without Konva's "perfect draw", which paints a shape
 * with both fill and stroke, or with opacity, on a buffer canvas first: at 500
 * markers a pan dropped every other frame (bench:live, p95 33 ms between
 * frames against 16.8 ms without it), and the difference is not visible here.
 */
const QUICK = { perfectDrawEnabled: false } as const;
const MARKER_RADIUS = 9;
const LABEL_SIZE = 12;

export interface PlanCanvasProps {
  plan: FloorPlan;
  /** What is shown on the picture: the plan's, or an editor's draft of it. */
  content: PlanContent;
  /** The corners of a zone being drawn, as fractions of the picture; a click on the plan adds one. */
  drawing?: number[][];
  onPlanClick?: (x: number, y: number) => void;
  editing: boolean;
  selected: string | undefined;
  onSelect: (key: string | undefined) => void;
  onMove: (key: string, x: number, y: number) => void;
  height: number;
  /** A value with its unit, in the person's language. */
  valueText: (point: FloorPlanPoint) => string;
  /** Names of points placed in this edit, which the plan's answer does not hold yet. */
  unsavedNames: ReadonlyMap<number, string>;
  unsavedAssets: ReadonlyMap<number, string>;
  /** The moment shown, when a day is replayed; now otherwise. */
  at?: number;
  /** Zoom buttons: left out on paper (a report). */
  zoomButtons: boolean;
}

/**
 * The plan drawn with Konva: its picture, its zones filled by their points'
 * colours, and its markers with their values. Drag to pan, wheel or the
 * buttons to zoom; markers and labels keep their size on screen at any zoom.
 * An editor drags markers where they belong, and clicks a zone's corners.
 */
export function PlanCanvas({
  plan,
  content,
  drawing,
  onPlanClick,
  editing,
  selected,
  onSelect,
  onMove,
  height,
  valueText,
  unsavedNames,
  unsavedAssets,
  at,
  zoomButtons,
}: PlanCanvasProps) {
  const { markers, zones, colourScale } = content;
  const { t } = useTranslation('floor-plan');
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const picture = useStoredPicture(plan.image);
  const image = picture.data;
  // On a narrow screen the plan's own proportions, not the full height, so no band of nothing above and below it.
  const shownHeight =
    width > 0 ? Math.min(height, Math.max(240, Math.round((width * plan.height) / plan.width))) : height;
  const fit = width > 0 ? Math.min(width / plan.width, shownHeight / plan.height) : 1;
  const fitted: View = {
    scale: fit,
    x: (width - plan.width * fit) / 2,
    y: (shownHeight - plan.height * fit) / 2,
  };
  const [moved, setMoved] = useState<View | undefined>();
  const view = moved ?? fitted;
  const points = new Map(plan.points.map((point) => [point.id, point]));
  const assets = new Map(plan.assets.map((asset) => [asset.id, asset]));
  const now = at ?? Date.now();
  const onScreen = (size: number) => size / view.scale;

  const zoomAbout = (factor: number, about = { x: width / 2, y: shownHeight / 2 }) => {
    const scale = Math.min(fit * 20, Math.max(fit / 2, view.scale * factor));
    const ratio = scale / view.scale;
    setMoved({ scale, x: about.x - (about.x - view.x) * ratio, y: about.y - (about.y - view.y) * ratio });
  };
  const onWheel = (event: KonvaEventObject<WheelEvent>) => {
    event.evt.preventDefault();
    const pointer = event.target.getStage()?.getPointerPosition() ?? undefined;
    zoomAbout(event.evt.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP, pointer);
  };
  const overlay = useRef<Konva.Group>(null);
  const onStageDragStart = (event: KonvaEventObject<DragEvent>) => {
    if (event.target === event.target.getStage()) holdStill(overlay.current, plan, view.scale);
  };
  const onStageDragEnd = (event: KonvaEventObject<DragEvent>) => {
    const stage = event.target.getStage();
    if (event.target !== stage) return;
    overlay.current?.clearCache();
    setMoved({ scale: view.scale, x: stage.x(), y: stage.y() });
  };

  return (
    <Box
      ref={box}
      position="relative"
      height={`${shownHeight}px`}
      bg="bg.muted"
      borderRadius="md"
      overflow="hidden"
    >
      {picture.isError ? (
        <Caption position="absolute" top="2" insetStart="2" fontSize="sm" color="fg.error" role="alert">
          {t('picture.failed')}
        </Caption>
      ) : null}
      {width > 0 ? (
        <Stage
          width={width}
          height={shownHeight}
          x={view.x}
          y={view.y}
          scaleX={view.scale}
          scaleY={view.scale}
          draggable
          onDragStart={onStageDragStart}
          onDragEnd={onStageDragEnd}
          onWheel={onWheel}
          onClick={(event) => {
            const stage = event.target.getStage();
            const pointer = stage?.getPointerPosition();
            if (onPlanClick && pointer) {
              onPlanClick(
                clamp((pointer.x - view.x) / view.scale / plan.width),
                clamp((pointer.y - view.y) / view.scale / plan.height),
              );
            } else if (event.target === stage || event.target.getClassName() === 'Image') onSelect(undefined);
          }}
        >
          <Layer>
            {image ? (
              <KonvaImage image={image} width={plan.width} height={plan.height} listening={false} />
            ) : null}
            <Group ref={overlay}>
              {zones.map((zone) => {
                const look = pointLook(
                  zone.dataPointId ? points.get(zone.dataPointId) : undefined,
                  colourScale,
                  now,
                );
                const corners = zone.points.flatMap(([x = 0, y = 0]) => [x * plan.width, y * plan.height]);
                // Its name in its top left corner, clear of the markers placed in its middle.
                const [left, top] = topLeft(zone.points);
                return (
                  <Group key={zone.key} listening={false}>
                    <Line {...QUICK} points={corners} closed fill={look.colour} opacity={0.3} />
                    <Line {...QUICK} points={corners} closed stroke={look.colour} strokeWidth={onScreen(2)} />
                    <Text
                      {...QUICK}
                      x={left * plan.width + onScreen(8)}
                      y={top * plan.height + onScreen(8)}
                      text={zone.name}
                      fontSize={onScreen(LABEL_SIZE)}
                      fill="#1a202c"
                    />
                  </Group>
                );
              })}
              {markers.map((marker) => {
                const point = marker.dataPointId ? points.get(marker.dataPointId) : undefined;
                const asset = marker.assetId
                  ? (assets.get(marker.assetId) ?? {
                      name: unsavedAssets.get(marker.assetId) ?? t('marker.unknown'),
                    })
                  : undefined;
                const look = pointLook(point, colourScale, now);
                const unsaved = marker.dataPointId ? unsavedNames.get(marker.dataPointId) : undefined;
                const label = point ? valueText(point) : (asset?.name ?? unsaved ?? t('marker.unknown'));
                const chosen = marker.key === selected;
                return (
                  <Group
                    key={marker.key}
                    x={marker.x * plan.width}
                    y={marker.y * plan.height}
                    draggable={editing}
                    onClick={() => onSelect(marker.key)}
                    onTap={() => onSelect(marker.key)}
                    onDragEnd={(event) => {
                      event.cancelBubble = true;
                      onMove(
                        marker.key,
                        clamp(event.target.x() / plan.width),
                        clamp(event.target.y() / plan.height),
                      );
                    }}
                    opacity={look.stale ? 0.55 : 1}
                  >
                    {asset ? (
                      <Rect
                        {...QUICK}
                        width={onScreen(MARKER_RADIUS * 2)}
                        height={onScreen(MARKER_RADIUS * 2)}
                        offsetX={onScreen(MARKER_RADIUS)}
                        offsetY={onScreen(MARKER_RADIUS)}
                        fill="#4a5568"
                        stroke={chosen ? '#1a202c' : '#fff'}
                        strokeWidth={onScreen(chosen ? 3 : 2)}
                      />
                    ) : (
                      <Circle
                        {...QUICK}
                        radius={onScreen(MARKER_RADIUS)}
                        fill={look.colour}
                        stroke={chosen ? '#1a202c' : '#fff'}
                        strokeWidth={onScreen(chosen ? 3 : 2)}
                        dash={look.stale ? [onScreen(3), onScreen(2)] : undefined}
                      />
                    )}
                    <Text
                      {...QUICK}
                      x={onScreen(MARKER_RADIUS + 4)}
                      y={onScreen(-LABEL_SIZE / 2)}
                      text={label}
                      fontSize={onScreen(LABEL_SIZE)}
                      fontStyle="bold"
                      fill="#1a202c"
                      stroke="#fff"
                      strokeWidth={onScreen(3)}
                      fillAfterStrokeEnabled
                      listening={false}
                    />
                  </Group>
                );
              })}
            </Group>
            {drawing && drawing.length > 0 ? (
              <Group listening={false}>
                <Line
                  {...QUICK}
                  points={drawing.flatMap(([x = 0, y = 0]) => [x * plan.width, y * plan.height])}
                  stroke="#2b6cb0"
                  strokeWidth={onScreen(2)}
                  dash={[onScreen(6), onScreen(4)]}
                  closed={drawing.length > 2}
                />
                {drawing.map(([x = 0, y = 0], index) => (
                  <Circle
                    {...QUICK}
                    // Corners are only ever added at the end, so their place in the list names them.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                    key={index}
                    x={x * plan.width}
                    y={y * plan.height}
                    radius={onScreen(4)}
                    fill="#2b6cb0"
                  />
                ))}
              </Group>
            ) : null}
          </Layer>
        </Stage>
      ) : null}
      {zoomButtons ? <ZoomButtons zoomAbout={zoomAbout} fit={() => setMoved(undefined)} /> : null}
    </Box>
  );
}

function ZoomButtons({ zoomAbout, fit }: { zoomAbout: (factor: number) => void; fit: () => void }) {
  const { t } = useTranslation('floor-plan');
  return (
    <HStack position="absolute" top="2" insetEnd="2" gap="1">
      <IconButton size="xs" variant="surface" aria-label={t('zoom.in')} onClick={() => zoomAbout(ZOOM_STEP)}>
        +
      </IconButton>
      <IconButton
        size="xs"
        variant="surface"
        aria-label={t('zoom.out')}
        onClick={() => zoomAbout(1 / ZOOM_STEP)}
      >
        −
      </IconButton>
      <IconButton size="xs" variant="surface" aria-label={t('zoom.fit')} onClick={fit}>
        ⤢
      </IconButton>
    </HStack>
  );
}

/** Past this many pixels, a picture of the markers would cost more memory than redrawing them costs time. */
const MOST_HELD_PIXELS = 4096 * 4096;

/**
 * While the plan is dragged, its zones and markers are drawn once into a
 * picture of their own (Konva's cache), moved as one: redrawing hundreds of
 * markers with their outlined labels at every pointer move dropped frames
 * (bench:live). At the size they show on screen, so they stay sharp; not
 * when zoomed in that far, where most of them are off the canvas anyway.
 */
function holdStill(overlay: Konva.Group | null, plan: FloorPlan, scale: number): void {
  if (!overlay) return;
  const pixelRatio = scale * (window.devicePixelRatio || 1);
  if (plan.width * plan.height * pixelRatio * pixelRatio > MOST_HELD_PIXELS) return;
  overlay.cache({ pixelRatio });
}

const clamp = (fraction: number) => Math.min(1, Math.max(0, fraction));

/** The least x and the least y of a polygon's corners. */
function topLeft(corners: number[][]): [number, number] {
  return [Math.min(...corners.map(([x = 1]) => x)), Math.min(...corners.map(([, y = 1]) => y))];
}

/** The element's width, followed as it changes. */
function useWidth(box: React.RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [box]);
  return width;
}
