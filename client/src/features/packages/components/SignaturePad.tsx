import { Eraser } from 'lucide-react';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/**
 * A signature drawn with a finger or a stylus on the tablet: a canvas answering pointer events,
 * given back as a PNG (base64, without its data: prefix) once something is drawn, null when cleared.
 */
export function SignaturePad({ onChange, label }: { onChange: (png: string | null) => void; label: string }) {
  const { t } = useTranslation('packages');
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#111';
  }, []);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: ((event.clientX - box.left) * event.currentTarget.width) / box.width, y: ((event.clientY - box.top) * event.currentTarget.height) / box.height };
  };
  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    const context = event.currentTarget.getContext('2d')!;
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    context.beginPath();
    context.moveTo(x, y);
    context.lineTo(x + 0.1, y + 0.1);
    context.stroke();
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const context = event.currentTarget.getContext('2d')!;
    const { x, y } = point(event);
    context.lineTo(x, y);
    context.stroke();
  };
  const end = () => {
    if (!drawing.current) return;
    drawing.current = false;
    setDrawn(true);
    onChange(canvas.current!.toDataURL('image/png').replace(/^data:[^,]*,/, ''));
  };
  const clear = () => {
    const element = canvas.current!;
    element.getContext('2d')!.clearRect(0, 0, element.width, element.height);
    setDrawn(false);
    onChange(null);
  };

  return (
    <div>
      <div className="d-flex justify-content-between align-items-center mb-1">
        <span className="form-label mb-0">{label}</span>
        <Button size="sm" variant="outline-secondary" onClick={clear} disabled={!drawn} className="d-inline-flex align-items-center gap-1">
          <Eraser size={16} aria-hidden />
          {t('pickup.clearSignature')}
        </Button>
      </div>
      <canvas
        ref={canvas}
        width={600}
        height={200}
        className="vec-signature border rounded w-100 bg-white"
        style={{ touchAction: 'none', aspectRatio: '3 / 1' }}
        role="img"
        aria-label={drawn ? t('pickup.signed') : t('pickup.signHere')}
        data-testid="signature-pad"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerLeave={end}
      />
    </div>
  );
}
