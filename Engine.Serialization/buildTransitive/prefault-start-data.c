/* Linked into a game published with NativeAOT on Linux (Engine.Serialization.targets, EnginePrefaultStartData).
 *
 * Before main, the runtime writes ("rehydrates") about a megabyte of the binary's data into its writable segment,
 * one first touch per 4 KiB page; on the virtual machines games and CI run on, each first touch costs about 11 us.
 * This asks the kernel to map the whole segment in one call first (madvise MADV_POPULATE_WRITE, Linux 5.14+).
 * Where the kernel lacks it the call fails and the pages fault in one by one, as without this file. */
#define _GNU_SOURCE
#include <errno.h>
#include <link.h>
#include <stdint.h>
#include <sys/mman.h>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

/* Bytes populated, or -errno when the kernel refused; 0 before the constructor ran. */
static long populated;

static int populate_writable_segment(struct dl_phdr_info *info, size_t size, void *unused)
{
    (void)size;
    (void)unused;
    const uintptr_t page = 4096;
    uintptr_t relro_end = 0; /* made read-only after relocation: POPULATE_WRITE would refuse the whole range */
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[i];
        if (header->p_type == PT_GNU_RELRO) {
            relro_end = (info->dlpi_addr + header->p_vaddr + header->p_memsz + page - 1) & ~(page - 1);
        }
    }

    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[i];
        if (header->p_type != PT_LOAD || !(header->p_flags & PF_W)) {
            continue;
        }

        uintptr_t start = (info->dlpi_addr + header->p_vaddr) & ~(page - 1);
        uintptr_t end = (info->dlpi_addr + header->p_vaddr + header->p_memsz + page - 1) & ~(page - 1);
        start = start < relro_end ? relro_end : start;
        if (end > start) {
            populated = madvise((void *)start, end - start, MADV_POPULATE_WRITE) == 0 ? (long)(end - start) : -errno;
        }
    }

    return 1; /* the executable is listed first: stop after it */
}

__attribute__((constructor)) static void prefault_start_data(void)
{
    dl_iterate_phdr(populate_writable_segment, 0);
}

long engine_start_data_prefaulted(void)
{
    return populated;
}
