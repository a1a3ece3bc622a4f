package cards

// The card cache as the external tests (package cards_test) see it.

var NewCardCache = newCardCache

func (c *cardCache) Get(key string) ([]byte, bool) { return c.get(key) }
func (c *cardCache) Put(key string, png []byte)    { c.put(key, png) }
func (c *cardCache) Size() (bytes, cards int)      { return c.size() }

// Kept is the bytes and cards the area keeps.
func (a *Area) Kept() (bytes, cards int) { return a.cards.size() }

// Forget empties the area's cards: the next is drawn afresh.
func (a *Area) Forget() { a.cards = newCardCache(cardCacheBytes) }
