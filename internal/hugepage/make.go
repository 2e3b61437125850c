package hugepage

// MinBytes is the size from which Advise asks for huge pages: smaller
// arrays would round up to whole huge pages for little gain.
const MinBytes = 4 << 20

// Make is make([]T, n, c), advised (Advise) before it is written.
func Make[T any](n, c int) []T {
	s := make([]T, n, c)
	Advise(s)
	return s
}
