import { OrbitControls, useProgress, useTexture } from '@react-three/drei';
import { Canvas, useThree } from '@react-three/fiber';
import { Component, Suspense, useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { BufferAttribute, DoubleSide, FrontSide, NeutralToneMapping, NoColorSpace, PlaneGeometry, RepeatWrapping, SphereGeometry, SRGBColorSpace, type BufferGeometry, type Texture } from 'three';
import type { ClientT } from '../../lib/i18n/client';
import { cardSurface, normalizeHex, type CardSurface } from './cards';
import { drapeCloth } from './drape';
import { LIGHT_PRESET_KINDS, LIGHT_PRESETS, type LightPreset } from './lights';
import { isColorSlot, surfaceParams, textureSlots, type SurfaceParams, type TextureSlot } from './material';
import { RadioGroup } from './RadioGroup';
import { CLOTH_CM, formatCm, SCENE_UNITS_PER_CM, shapeRepeat, SPHERE_DIAMETER_CM, SWATCH_CM, type Repeat } from './scale';
import { framing, homePosition, SHAPE_KINDS, SHAPE_SIZE_CM } from './shapes';
import type { LightPresetKind, MaterialPreview3DProps, PreviewCard, ShapeKind } from './types';
import styles from './MaterialPreview3D.module.css';

export interface ViewerProps extends MaterialPreview3DProps {
  card: PreviewCard | null;
  /** The material and card named for people who hear the page rather than see it. */
  subject: string;
  t: ClientT;
  /** The graphics context went away (driver reset, too many contexts): the view cannot draw any more. */
  onContextLost: () => void;
}

/** Relief from a displacement map, at most this deep: enough to catch the light, not to distort the shape. */
const DISPLACEMENT_CM = 0.2;
/** The swatch leans back like a sample card propped on a table, so light rakes across its grain. */
const SWATCH_TILT = -0.5;
const RULER = 'M3 8h18v8H3zM7 8v3M11 8v4M15 8v3';

/** Textures requested while the viewer is open, by the list the loader's cache keys them on. */
const requested = new Map<string, string[]>();
const setKey = (slots: Partial<Record<TextureSlot, string>>) => Object.values(slots).join('\n');

/**
 * The 3D view, loaded on demand with three.js. It draws only when something changes (a turn, a new texture, a
 * switch), not sixty times a second, to spare phones' batteries.
 */
export default function Viewer({ maps, constants, tileCm, card, subject, t, onContextLost }: ViewerProps) {
  const [shape, setShape] = useState<ShapeKind>('sphere');
  const [light, setLight] = useState<LightPresetKind>('studio');
  const [homeRequests, setHomeRequests] = useState(0);
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const loading = useProgress((s) => s.active);
  const { basecolor, tint } = cardSurface(card, maps);
  const surface = useMemo<CardSurface>(() => ({ basecolor, tint }), [basecolor, tint]);
  const preset = LIGHT_PRESETS[light];
  const limits = framing(shape);
  const [failedSets, setFailedSets] = useState<ReadonlySet<string>>(new Set());
  const onMapsFailed = useCallback((key: string) => setFailedSets((sets) => new Set(sets).add(key)), []);
  const mapsFailed = failedSets.has(setKey(textureSlots(maps, basecolor)));

  // A layout effect, so the listener is gone before the renderer is torn down below it: tearing down loses the
  // context on purpose, which is no failure to report.
  useLayoutEffect(() => {
    if (!canvas) return;
    const lost = (event: Event) => {
      event.preventDefault();
      onContextLost();
    };
    canvas.addEventListener('webglcontextlost', lost);
    return () => canvas.removeEventListener('webglcontextlost', lost);
  }, [canvas, onContextLost]);
  // Closing the view (or its failing) lets the decoded pictures go, and a failed load is tried afresh next time.
  useEffect(
    () => () => {
      for (const list of requested.values()) useTexture.clear(list);
      requested.clear();
    },
    [],
  );

  const label = t('preview3d.canvasLabel', { subject, shape: t(`preview3d.shapes.${shape}`), light: t(`preview3d.lights.${light}`) });
  return (
    <div className={styles.viewer}>
      <div className={styles.stage}>
        {/* Named as a picture: what a screen reader announces is the description, not an unlabelled canvas. */}
        <div className={styles.canvasBox} role="img" aria-label={label}>
          <Canvas
            frameloop="demand"
            dpr={[1, 2]}
            // The drawing buffer is kept so the view can be read back (screenshots); neutral tone mapping keeps a
            // card's hue where the default filmic curve would shift it.
            gl={{ preserveDrawingBuffer: true, antialias: true, toneMapping: NeutralToneMapping }}
            camera={{ fov: 35, near: 0.05, far: 100, position: homePosition('sphere') }}
            onCreated={({ gl }) => setCanvas(gl.domElement)}
          >
            <color attach="background" args={[preset.background]} />
            <Lights preset={preset} />
            <Surface
              shape={shape}
              surface={surface}
              placeholder={normalizeHex(card?.hex) ?? surface.tint}
              maps={maps}
              params={surfaceParams(maps, constants)}
              repeat={shapeRepeat(shape, tileCm)}
              onMapsFailed={onMapsFailed}
            />
            <OrbitControls makeDefault enableDamping dampingFactor={0.12} enablePan={false} minDistance={limits.minDistance} maxDistance={limits.maxDistance} />
            <CameraHome shape={shape} requests={homeRequests} />
          </Canvas>
        </div>
        <p className={styles.badge} role="status">
          {loading ? (
            <>
              <span className={styles.spinner} aria-hidden="true" />
              {t('preview3d.loadingTextures')}
            </>
          ) : mapsFailed ? (
            t('preview3d.mapsFailed')
          ) : null}
        </p>
      </div>
      <p className={styles.notes}>
        <span>
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
            <path d={RULER} />
          </svg>
          {t('preview3d.tile', { width: formatCm(tileCm.width), height: formatCm(tileCm.height) })}
        </span>
        <span>{t(`preview3d.size.${shape}`, { size: formatCm(SHAPE_SIZE_CM[shape]) })}</span>
      </p>
      <div className={styles.controls}>
        <RadioGroup label={t('preview3d.shape')} options={SHAPE_KINDS.map((k) => ({ value: k, label: t(`preview3d.shapes.${k}`) }))} value={shape} onChange={setShape} />
        <RadioGroup label={t('preview3d.light')} options={LIGHT_PRESET_KINDS.map((k) => ({ value: k, label: t(`preview3d.lights.${k}`) }))} value={light} onChange={setLight} />
        <button type="button" className={`btn btn-secondary ${styles.action}`} onClick={() => setHomeRequests((n) => n + 1)}>
          {t('preview3d.resetView')}
        </button>
      </div>
      <p className={styles.hint}>{t('preview3d.hint')}</p>
    </div>
  );
}

function Lights({ preset }: { preset: LightPreset }) {
  return (
    <>
      <ambientLight color={preset.ambient.color} intensity={preset.ambient.intensity} />
      <hemisphereLight color={preset.hemisphere.sky} groundColor={preset.hemisphere.ground} intensity={preset.hemisphere.intensity} />
      {preset.directional.map((d, i) => (
        <directionalLight key={i} color={d.color} intensity={d.intensity} position={d.position} />
      ))}
    </>
  );
}

/** Puts the camera back in front of the shape: when the shape changes, and when the buyer asks. */
function CameraHome({ shape, requests }: { shape: ShapeKind; requests: number }) {
  const camera = useThree((s) => s.camera);
  const controls = useThree((s) => s.controls) as { target: { set(x: number, y: number, z: number): void }; update(): void } | null;
  const invalidate = useThree((s) => s.invalidate);
  useLayoutEffect(() => {
    camera.position.set(...homePosition(shape));
    camera.lookAt(0, 0, 0);
    controls?.target.set(0, 0, 0);
    controls?.update();
    invalidate();
  }, [shape, requests, camera, controls, invalidate]);
  return null;
}

interface SurfaceProps {
  shape: ShapeKind;
  surface: CardSurface;
  /** The color shown while the first maps load. */
  placeholder: string;
  maps: MaterialPreview3DProps['maps'];
  params: SurfaceParams;
  repeat: Repeat;
  /** The maps of a set (by its key) could not be loaded: the shape shows the plain color instead. */
  onMapsFailed: (key: string) => void;
}

/**
 * The shape with the material on it. A new card's maps load while the old card stays on show (a deferred
 * value); only the first load shows the plain card color meanwhile.
 */
function Surface({ shape, surface, placeholder, maps, params, repeat, onMapsFailed }: SurfaceProps) {
  const shown = useDeferredValue(surface);
  const slots = useMemo(() => textureSlots(maps, shown.basecolor), [maps, shown.basecolor]);
  const plain = (color: string) => (
    <ShapeMesh shape={shape} detailed={false}>
      <meshStandardMaterial color={color} roughness={params.roughness} metalness={params.metalness} opacity={params.opacity} transparent={params.transparent} side={sideFor(shape, params)} />
    </ShapeMesh>
  );
  if (Object.keys(slots).length === 0) return plain(shown.tint);
  // The boundary and the suspense boundary stay mounted across cards (no key): a boundary already showing a card
  // keeps showing it while the next card's maps load.
  const key = setKey(slots);
  return (
    <MapsBoundary setKey={key} fallback={plain(placeholder)} onError={onMapsFailed}>
      <Suspense fallback={plain(placeholder)}>
        <TexturedShape shape={shape} slots={slots} tint={shown.tint} params={params} repeat={repeat} />
      </Suspense>
    </MapsBoundary>
  );
}

/**
 * A map that fails to load (a card's picture not rendered yet, a file gone) costs that card its texture, not the
 * whole view: the shape shows the card's plain color and the other cards still work.
 */
class MapsBoundary extends Component<{ setKey: string; fallback: ReactNode; onError: (setKey: string) => void; children: ReactNode }, { setKey: string; failed: boolean }> {
  state = { setKey: '', failed: false };

  static getDerivedStateFromProps(props: { setKey: string }, state: { setKey: string }) {
    return props.setKey === state.setKey ? null : { setKey: props.setKey, failed: false };
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch() {
    this.props.onError(this.props.setKey);
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function TexturedShape({ shape, slots, tint, params, repeat }: { shape: ShapeKind; slots: Partial<Record<TextureSlot, string>>; tint: string; params: SurfaceParams; repeat: Repeat }) {
  const list = Object.values(slots);
  requested.set(setKey(slots), list);
  const textures = useTexture(slots as Record<string, string>) as Partial<Record<TextureSlot, Texture>>;
  const gl = useThree((s) => s.gl);
  const invalidate = useThree((s) => s.invalidate);

  // Before the first upload (the loader uploads in a passive effect, after this one).
  useLayoutEffect(() => {
    const anisotropy = Math.min(8, gl.capabilities.getMaxAnisotropy());
    for (const [slot, texture] of Object.entries(textures) as [TextureSlot, Texture][]) {
      const colorSpace = isColorSlot(slot) ? SRGBColorSpace : NoColorSpace;
      if (texture.colorSpace !== colorSpace || texture.wrapS !== RepeatWrapping || texture.wrapT !== RepeatWrapping || texture.anisotropy !== anisotropy) {
        texture.colorSpace = colorSpace;
        texture.wrapS = RepeatWrapping;
        texture.wrapT = RepeatWrapping;
        texture.anisotropy = anisotropy;
        texture.needsUpdate = true;
      }
      texture.repeat.set(repeat.u, repeat.v);
    }
    invalidate();
  }, [textures, repeat.u, repeat.v, gl, invalidate]);
  // A card's maps leave the graphics memory when another card replaces them; the pictures stay cached, so
  // coming back to the card only uploads them again.
  useEffect(() => () => Object.values(textures).forEach((texture) => texture.dispose()), [textures]);

  const displacement = DISPLACEMENT_CM * SCENE_UNITS_PER_CM;
  return (
    <ShapeMesh shape={shape} detailed={Boolean(textures.displacementMap)}>
      <meshStandardMaterial
        // The shader depends on which maps exist: a new set of slots needs a new material.
        key={Object.keys(textures).join()}
        color={tint}
        map={textures.map ?? null}
        normalMap={textures.normalMap ?? null}
        roughnessMap={textures.roughnessMap ?? null}
        metalnessMap={textures.metalnessMap ?? null}
        alphaMap={textures.alphaMap ?? null}
        displacementMap={textures.displacementMap ?? null}
        displacementScale={displacement}
        displacementBias={-displacement / 2}
        roughness={params.roughness}
        metalness={params.metalness}
        opacity={params.opacity}
        transparent={params.transparent}
        side={sideFor(shape, params)}
      />
    </ShapeMesh>
  );
}

/** Both faces where the back can be seen: around the swatch and the cloth, and through a see-through sphere. */
const sideFor = (shape: ShapeKind, params: SurfaceParams) => (shape === 'sphere' && !params.transparent ? FrontSide : DoubleSide);

function ShapeMesh({ shape, detailed, children }: { shape: ShapeKind; detailed: boolean; children: ReactNode }) {
  const geometry = useMemo(() => makeGeometry(shape, detailed), [shape, detailed]);
  useEffect(() => () => geometry.dispose(), [geometry]);
  return (
    <mesh geometry={geometry} rotation={[shape === 'swatch' ? SWATCH_TILT : 0, 0, 0]}>
      {children}
    </mesh>
  );
}

/** The shapes at their real sizes. A displacement map moves vertices, so a shape that has one needs many. */
function makeGeometry(shape: ShapeKind, detailed: boolean): BufferGeometry {
  switch (shape) {
    case 'sphere':
      return new SphereGeometry((SPHERE_DIAMETER_CM * SCENE_UNITS_PER_CM) / 2, 128, 64);
    case 'swatch': {
      const size = SWATCH_CM * SCENE_UNITS_PER_CM;
      const segments = detailed ? 192 : 1;
      return new PlaneGeometry(size, size, segments, segments);
    }
    case 'cloth': {
      const size = CLOTH_CM * SCENE_UNITS_PER_CM;
      const geometry = new PlaneGeometry(size, size, 128, 128);
      geometry.setAttribute('position', new BufferAttribute(drapeCloth(geometry.getAttribute('position').array, { width: size, height: size }), 3));
      geometry.computeVertexNormals();
      return geometry;
    }
  }
}
