package aufderhut

// Covering is how one player's collection is laid out for counting
// (ruling ADH-4): each bald head is covered by a wonderhat if possible,
// otherwise it covers the hat of a collected character.
type Covering struct {
	Characters int `json:"characters"` // characters collected
	BaldHeads  int `json:"bald_heads"`
	// CoveringWonderhats are wonderhats laid on bald heads.
	CoveringWonderhats int `json:"covering_wonderhats"`
	// Uncovered bald heads are those no wonderhat covers.
	Uncovered int `json:"uncovered"`
	// BaldCharacters are characters whose hat an uncovered bald head hides.
	BaldCharacters int `json:"bald_characters"`
	// SpareWonderhats cover nothing and score nothing.
	SpareWonderhats int `json:"spare_wonderhats"`
	// WithHat are characters still showing a hat: the player's score.
	WithHat int `json:"with_hat"`
}

// Cover lays out p's collection; negative counts are read as 0.
func Cover(p Player) Covering {
	c, w, b := max(0, p.Characters), max(0, p.Wonderhats), max(0, p.BaldHeads)
	used := min(w, b)
	uncovered := b - used
	bald := min(c, uncovered)
	return Covering{
		Characters:         c,
		BaldHeads:          b,
		CoveringWonderhats: used,
		Uncovered:          uncovered,
		BaldCharacters:     bald,
		SpareWonderhats:    w - used,
		WithHat:            c - bald,
	}
}
