// The signed distance to a rounded rectangle (circular or continuous corners), shared by the
// layer and blur shaders: `#include "rounded-rect"` (LayerProgram.source). Continuous corners
// are left out where SIMPLE_SHAPES is 1.

// How far a continuous corner reaches along each edge, per unit of radius
// (CALayer.cornerCurveExpansionFactor(.continuous)).
const float continuousExpansion = 1.528665;
// The superellipse exponent of a continuous corner that reaches its full expansion: its curve
// crosses the corner's diagonal 0.2863 radii from each edge, as Apple's continuous corner does
// (a circular corner: 0.2929).
const float continuousExponent = 3.342;

// Signed distance from p to a rectangle with per-corner radii (negative inside, layer units)
// and the distance's gradient. Radii are ordered minX/minY, maxX/minY, maxX/maxY, minX/maxY
// in y-down layer space, and clamped to half the shorter side. A negative radius is a
// continuous corner: a superellipse reaching 1.528665 radii along each edge (less where the
// side is too short, then closer to a circle) that meets the edges with zero curvature.
float roundedRectDistance(vec2 p, vec4 rect, vec4 radii, out vec2 gradient) {
    vec2 halfSize = 0.5 * abs(rect.zw);
    vec2 offset = p - (rect.xy + 0.5 * rect.zw);
    vec2 side = vec2(offset.x >= 0.0 ? 1.0 : -1.0, offset.y >= 0.0 ? 1.0 : -1.0);
    float signedRadius = offset.y < 0.0 ? (offset.x < 0.0 ? radii.x : radii.y)
                                        : (offset.x < 0.0 ? radii.w : radii.z);
    float halfShorter = min(halfSize.x, halfSize.y);
    float radius = clamp(abs(signedRadius), 0.0, halfShorter);
    float reach = signedRadius < 0.0 ? min(continuousExpansion * radius, halfShorter) : radius;
    vec2 q = abs(offset) - halfSize + reach;
    if (q.x > 0.0 && q.y > 0.0) {
#if SIMPLE_SHAPES
        // Circular corners only (the simple-shape variants).
        gradient = side * normalize(q);
        return length(q) - radius;
#else
        if (signedRadius >= 0.0 || radius <= 0.0) {
            gradient = side * normalize(q);
            return length(q) - radius;
        }
        // The superellipse |q/reach|^n summed = 1, with n falling to 2 (a circle) as the reach
        // is cut from its full 1.528665 radii down to one radius; distance to first order.
        float expansion = reach / radius;
        float n = mix(2.0, continuousExponent, (expansion - 1.0) / (continuousExpansion - 1.0));
        vec2 t = q / reach;
        float sum = pow(t.x, n) + pow(t.y, n);
        vec2 slope = pow(sum, 1.0 / n - 1.0) * pow(t, vec2(n - 1.0));
        float slopeLength = max(length(slope), 1e-6);
        gradient = side * slope / slopeLength;
        return reach * (pow(sum, 1.0 / n) - 1.0) / slopeLength;
#endif
    }
    if (q.x > q.y) {
        gradient = vec2(side.x, 0.0);
        return q.x - reach;
    }
    gradient = vec2(0.0, side.y);
    return q.y - reach;
}
