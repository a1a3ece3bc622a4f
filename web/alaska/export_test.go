package alaska

// ParseAlaskaMove reads a turn page's button value as a step, for the
// external tests' play API log.
var ParseAlaskaMove = parseAlaskaMove
