// Package hugepage asks Linux to back large arrays with 2 MB pages.
//
// Where transparent huge pages are enabled on request (the "madvise"
// setting, Debian's default), memory is given 4 KB at a time, and the
// first write to each page costs a fault. On the virtual machines this
// project is measured on, a fault in memory the guest has not used before
// costs the host's allocation too: writing 64 MB of fresh memory took
// 198 ms with 4 KB pages and 4.6 ms with 2 MB pages, 256 MB 757 ms and
// 444 ms (the first run of a process; the pages reused afterwards took
// 64 ms and 11 ms). A million-state model's graph is a few hundred
// megabytes of such arrays, written once each.
//
// Advise is only advice: where the kernel declines, or on other systems,
// nothing changes.
package hugepage
