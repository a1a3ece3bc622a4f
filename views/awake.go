package views

import "context"

type awakeKey struct{}

// KeepAwake marks the page rendered with ctx as one whose screen stays
// awake while a table uses it (guided play, round entry): the layout then
// loads js/wake.js (the Screen Wake Lock API). Other pages do not carry
// the script.
func KeepAwake(ctx context.Context) context.Context {
	return context.WithValue(ctx, awakeKey{}, true)
}

// awake tells whether the page asked to keep the screen awake.
func awake(ctx context.Context) bool {
	v, _ := ctx.Value(awakeKey{}).(bool)
	return v
}
