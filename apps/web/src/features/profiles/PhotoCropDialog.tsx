import type { TPhotoCrop } from "@velvet/shared/api/photos";
import { useEffect, useMemo, useRef, useState } from "react";
import Cropper, { type Area } from "react-easy-crop";
import "react-easy-crop/react-easy-crop.css";
import { Modal } from "../../ui/Modal";
import { ASPECT, cropFromArea, maxZoomFor, type Rotation } from "./photo-crop";

/**
 * Framing a photo before it is uploaded: drag to move, zoom with the slider (or a pinch or the wheel), turn it a
 * quarter at a time. Only the numbers go with the original; the server cuts the photo, so what others see is
 * always derived from the stored original. Loaded with the upload, never on first load.
 */
export default function PhotoCropDialog({
  source,
  onCancel,
  onSave,
}: {
  /** A file about to be uploaded, or the URL of an uploaded photo's stored original. */
  source: File | string;
  onCancel(): void;
  onSave(crop: TPhotoCrop | null): void;
}) {
  const url = useMemo(() => (typeof source === "string" ? source : URL.createObjectURL(source)), [source]);
  useEffect(() => () => (typeof source === "string" ? undefined : URL.revokeObjectURL(url)), [source, url]);
  const [position, setPosition] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState<Rotation>(0);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const area = useRef<Area | null>(null);
  const maxZoom = size ? maxZoomFor(size.width, size.height, rotation) : 1;

  const turn = () => {
    setRotation((current) => ((current + 90) % 360) as Rotation);
    setZoom(1);
    setPosition({ x: 0, y: 0 });
  };
  const save = () => {
    onSave(size && area.current ? cropFromArea(area.current, size.width, size.height, rotation) : null);
  };

  return (
    <Modal label="Frame your photo" onClose={onCancel} variant="sheet">
      <div className="space-y-4 p-5 sm:p-6">
        <div>
          <h2 className="font-display text-xl font-semibold text-velvet-950">Frame your photo</h2>
          <p className="mt-1 text-sm text-muted">Drag to move it, zoom in, or turn it the right way up.</p>
        </div>
        <div className="relative mx-auto aspect-[4/5] w-full max-w-[20rem] overflow-hidden rounded-2xl bg-velvet-950">
          <Cropper
            image={url}
            crop={position}
            zoom={zoom}
            rotation={rotation}
            aspect={ASPECT}
            maxZoom={maxZoom}
            onCropChange={setPosition}
            onZoomChange={setZoom}
            onCropComplete={(_, pixels) => {
              area.current = pixels;
            }}
            onMediaLoaded={(media) => setSize({ width: media.naturalWidth, height: media.naturalHeight })}
            disableAutomaticStylesInjection
            mediaProps={{ alt: "Your photo" }}
            cropperProps={{
              role: "group",
              "aria-label": "Photo framing: drag, or use the arrow keys, to move the photo",
            }}
          />
        </div>
        <div className="flex items-center gap-3">
          <label htmlFor="photo-zoom" className="text-sm font-semibold text-velvet-800">
            Zoom
          </label>
          <input
            id="photo-zoom"
            type="range"
            min={1}
            max={maxZoom}
            step={0.01}
            value={zoom}
            disabled={maxZoom <= 1}
            onChange={(event) => setZoom(Number(event.target.value))}
            className="h-2 flex-1 cursor-pointer accent-rose-500"
          />
          <button
            type="button"
            onClick={turn}
            aria-label="Turn a quarter to the right"
            className="inline-flex items-center gap-1.5 rounded-pill border border-velvet-200 px-3 py-2 text-sm font-semibold text-velvet-800 transition hover:border-rose-400 hover:text-rose-500"
          >
            <svg
              viewBox="0 0 20 20"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              className="size-4"
              aria-hidden="true"
            >
              <path d="M15.5 8A6 6 0 1 0 16 12" strokeLinecap="round" />
              <path d="M16 3.5V8h-4.5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            Rotate
          </button>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onCancel} className="btn-outline">
            Cancel
          </button>
          <button type="button" onClick={save} disabled={!size} className="btn-primary disabled:opacity-60">
            Use this photo
          </button>
        </div>
      </div>
    </Modal>
  );
}
