package views

import "context"

type (
	awakeKey      struct{}
	noWakeLockKey struct{}
)

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

// NoWakeLock marks a page asked to keep the screen awake (KeepAwake) as
// opened on an address browsers give no Screen Wake Lock API (plain HTTP,
// not this computer's own): the page says the screen may sleep, rendered
// with it so nothing moves under a thumb when the script runs.
func NoWakeLock(ctx context.Context) context.Context {
	return context.WithValue(ctx, noWakeLockKey{}, true)
}

// noWakeLock tells whether the page is to say the screen may sleep.
func noWakeLock(ctx context.Context) bool {
	v, _ := ctx.Value(noWakeLockKey{}).(bool)
	return v && awake(ctx)
}
