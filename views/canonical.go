package views

import "context"

type canonicalKey struct{}

// WithCanonical marks a page drawn in answer to a form's POST with the
// page it belongs to (a GET URL): the layout names it on <body
// data-canonical>, and the page puts it in the address bar, so a reload
// or the live refresh never asks the POST URL.
func WithCanonical(ctx context.Context, url string) context.Context {
	return context.WithValue(ctx, canonicalKey{}, url)
}

// canonical is the page a page drawn after a POST belongs to; "" for a
// page asked with GET.
func canonical(ctx context.Context) string {
	u, _ := ctx.Value(canonicalKey{}).(string)
	return u
}
