package views

import (
	"bytes"
	"context"
	"io"

	"github.com/a-h/templ"
)

// Prerender renders c once and returns a component that writes those
// bytes again: for parts of a page that change only with the data behind
// them (a table's charts, kept per table version), so a busy page does not
// draw the same SVG on every view. Should c fail, it is returned as it is
// and the page reports the failure when it renders.
func Prerender(ctx context.Context, c templ.Component) templ.Component {
	var b bytes.Buffer
	if err := c.Render(ctx, &b); err != nil {
		return c
	}
	return prerendered(b.Bytes())
}

type prerendered []byte

func (p prerendered) Render(_ context.Context, w io.Writer) error {
	_, err := w.Write(p)
	return err
}
