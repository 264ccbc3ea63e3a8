/**
 * Where overlays render — dialogs, menus, the emoji picker, the profile card. In the app that is <body>. In the
 * debugger, the replayed app provides a layer inside its own frame, so an overlay opened there covers the
 * frame and not the debugger around it (the frame has layout containment, so it is the containing block of
 * the overlays' `position: fixed`).
 */
import { createContext, useContext, type ReactNode, type ReactPortal } from 'react';
import { createPortal } from 'react-dom';

const OverlayLayerContext = createContext<HTMLElement | null>(null);

/** Gives the overlays below it a layer of their own; `null` (not mounted yet) means <body>. */
export const OverlayLayerProvider = OverlayLayerContext.Provider;

export function useOverlayLayer(): HTMLElement {
  return useContext(OverlayLayerContext) ?? document.body;
}

/** Renders its children in the nearest overlay layer. */
export function Overlay({ children }: { children: ReactNode }): ReactPortal {
  return createPortal(children, useOverlayLayer());
}

/**
 * A point in the window's coordinates (getBoundingClientRect) in the layer's, for an overlay placed with
 * `position: fixed`: <body>'s are the window's; a contained layer's start at its frame's corner.
 */
export function pointInLayer(layer: HTMLElement, point: { top: number; left: number }): { top: number; left: number } {
  if (layer === document.body) return point;
  const frame = layer.parentElement ?? layer; // the contained frame: its padding box is the containing block
  const origin = frame.getBoundingClientRect();
  return { top: point.top - origin.top - frame.clientTop, left: point.left - origin.left - frame.clientLeft };
}
