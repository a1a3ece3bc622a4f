package views

import (
	"context"
	"strings"

	"tablemate/views/i18n"
)

// TrendText is the trend in words for screen readers: the points after
// each game, as the reader's language writes them ("1.5, 2", "1,5; 2").
func TrendText(ctx context.Context, v []float64) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = i18n.Decimal(ctx, x, -1)
	}
	return strings.Join(parts, i18n.T(ctx, ", "))
}
