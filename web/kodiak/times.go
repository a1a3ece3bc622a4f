package kodiak

import (
	"context"

	"tablemate/scoring"
	"tablemate/views/i18n"
)

// times says "n times" in ctx's language, for a count the engine gives
// (Kodiak's pounce limit): "3 times" in English; German writes a small
// count of times as one word ("dreimal", germanTimes), a larger one as
// the catalog's "%d-mal".
func times(ctx context.Context, n int) string {
	if w, ok := germanTimes[n]; ok && i18n.IsGerman(ctx) {
		return w
	}
	return i18n.Say(ctx, scoring.Count(n, "1 time", "%d times"))
}
