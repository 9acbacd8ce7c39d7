// -pack-optimized: DXC's signature packing (SignaturePackingUtil.cpp). Stage variables that share
// locations take Component decorations: each variable, in order, goes to the first run of used
// locations with enough free components at their ends, else to new locations. Both sides of an
// interface must be packed alike (DXC's assumption: identical signatures in connecting stages).
// Unlike DXC, a location is shared only by variables of one component type and interpolation: on
// lavapipe a flat int packed beside interpolated floats (DXC's layout) arrives as 0.
import { vector, type ScalarType, type Type } from '../types.js';

/** What one stage variable occupies. */
interface Footprint {
  locations: number;
  components: number;
  /** 64-bit: may not start at component 1 or 3. */
  wide: boolean;
}

export interface PackedSlot {
  location: number;
  /** Set when the variable shares its locations with an earlier one (DXC decorates only then). */
  component?: number;
}

/** Locations and components per location a stage variable takes (Vulkan's location-assignment rules). */
export function locationsAndComponents(t: Type): Footprint {
  const wide = (s: ScalarType) => s.width === 64;
  switch (t.kind) {
    case 'scalar':
      return wide(t) ? { locations: 1, components: 2, wide: true } : { locations: 1, components: 1, wide: false };
    case 'vector':
      if (!wide(t.element)) return { locations: 1, components: t.size, wide: false };
      return t.size >= 3 ? { locations: 2, components: 4, wide: true } : { locations: 1, components: 2 * t.size, wide: true };
    case 'matrix': {
      // 1xN and Nx1 are vectors in SPIR-V.
      if (t.rows === 1 || t.cols === 1) return locationsAndComponents(t.rows * t.cols === 1 ? t.element : vector(t.element, t.rows * t.cols));
      const row = locationsAndComponents(vector(t.element, t.cols));
      return { ...row, locations: row.locations * t.rows };
    }
    case 'array': {
      const element = locationsAndComponents(t.element);
      return { ...element, locations: element.locations * (t.length ?? 1) };
    }
    default:
      throw new Error(`internal: no locations for a stage variable of kind '${t.kind}'`);
  }
}

/**
 * Packs variables (in the given order) starting at location 0; returns each one's slot. `kind` says
 * which variables may share a location (component type and interpolation).
 */
export function packSignature(vars: readonly { type: Type; kind: string }[]): PackedSlot[] {
  /** First free component and the kind of each location handed out so far. */
  const nextComponent: number[] = [];
  const kinds: string[] = [];
  return vars.map(({ type: t, kind }) => {
    const need = locationsAndComponents(t);
    for (let start = 0; start < nextComponent.length; start++) {
      let first = 0;
      let fits = start + need.locations <= nextComponent.length;
      for (let i = 0; fits && i < need.locations; i++) {
        if (nextComponent[start + i]! + need.components > 4 || kinds[start + i] !== kind) fits = false;
        else first = Math.max(first, nextComponent[start + i]!);
      }
      if (!fits) continue;
      // Vulkan: a 64-bit scalar or two-component vector may not start at component 1 or 3 (DXC uses 2).
      const component = need.wide ? 2 : first;
      for (let i = 0; i < need.locations; i++) nextComponent[start + i] = component + need.components;
      return { location: start, component };
    }
    const location = nextComponent.length;
    for (let i = 0; i < need.locations; i++) {
      nextComponent.push(need.components);
      kinds.push(kind);
    }
    return { location };
  });
}
