/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Physical address space of the simulated board (IMMR wins over RAM):
 *   0 .. ram_size-1          RAM
 *   IMMR ISB .. +64 KB       internal memory map (SIU registers, CPM, DPRAM)
 *   0xF0000000 .. +4 KB      exit device (a 32-bit store ends the run)
 * Anything else is unmapped: the access ends in a machine check.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "sim.h"
#include "../include/sim/exit-device.h"

uint8_t *ram;
uint32_t ram_size;
uint8_t *code_map;

/*
 * Guest RAM, zeroed. Outside the sanitizer build it is mapped on a 2 MB
 * boundary and offered to the host kernel for huge pages: a guest sweeping
 * 64 MB of distinct pages then costs the host 32 TLB entries, not 16384.
 * (The sanitizer build keeps calloc, whose bounds ASan checks.)
 */
#if defined(__SANITIZE_ADDRESS__)
static uint8_t *ram_alloc(uint32_t size)
{
	return calloc(1, size);
}
#else
static uint8_t *ram_alloc(uint32_t size)
{
	const size_t huge = 2u << 20;
	size_t len = (size_t)size + huge;
	uint8_t *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uintptr_t a;

	if (p == MAP_FAILED)
		return NULL;
	a = ((uintptr_t)p + huge - 1) & ~(uintptr_t)(huge - 1);
#ifdef MADV_HUGEPAGE
	(void)madvise((void *)a, size, MADV_HUGEPAGE);	/* a hint: failure changes nothing */
#endif
	return (uint8_t *)a;
}
#endif

int bus_init(uint32_t size)
{
	ram_size = size;
	ram = ram_alloc(size);
	code_map = calloc(1, (size >> 12) + 1);
	if (!ram || !code_map)
		return -1;
	return 0;
}

uint8_t *phys_host(uint32_t pa)
{
	return pa < ram_size ? ram + pa : NULL;
}

static uint32_t immr_base(const struct cpu *c)
{
	return c->immr & 0xFFFF0000u;
}

static uint32_t ram_read(uint32_t pa, int size)
{
	switch (size) {
	case 1:
		return ram[pa];
	case 2:
		return get_be16(ram + pa);
	default:
		return get_be32(ram + pa);
	}
}

static void ram_write(uint32_t pa, int size, uint32_t val)
{
	switch (size) {
	case 1:
		ram[pa] = (uint8_t)val;
		break;
	case 2:
		put_be16(ram + pa, (uint16_t)val);
		break;
	default:
		put_be32(ram + pa, val);
		break;
	}
	if (code_map[pa >> 12])
		code_page_store(pa, size);
}

/* Accesses here never cross a page: callers split them. */
int phys_read(struct cpu *c, uint32_t pa, int size, uint32_t *val)
{
	if (phys_in_immr(c, pa)) {
		*val = immr_read(c, pa - immr_base(c), size);
		return 0;
	}
	if (pa < ram_size && ram_size - pa >= (uint32_t)size) {
		*val = ram_read(pa, size);
		return 0;
	}
	if (pa - SIM_EXIT_PA < SIM_EXIT_SIZE) {
		*val = 0;
		return 0;
	}
	return -1;
}

static void exit_device_write(struct cpu *c, uint32_t pa, int size,
			      uint32_t val)
{
	if (pa != SIM_EXIT_PA || size != 4) {
		sim_warn(c, W_EXIT_WIDTH,
			 "exit device: %d-byte store to 0x%08x ignored",
			 size, pa);
		return;
	}
	c->exit_requested = true;
	c->exit_status = val & 0xFF;
	request_event(c);
}

int phys_write(struct cpu *c, uint32_t pa, int size, uint32_t val)
{
	if (phys_in_immr(c, pa)) {
		immr_write(c, pa - immr_base(c), size, val);
		return 0;
	}
	if (pa < ram_size && ram_size - pa >= (uint32_t)size) {
		ram_write(pa, size, val);
		return 0;
	}
	if (pa - SIM_EXIT_PA < SIM_EXIT_SIZE) {
		exit_device_write(c, pa, size, val);
		return 0;
	}
	return -1;
}
