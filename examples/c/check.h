/*
 * Error handling shared by the C examples: CHECK a status (printing the call, the status
 * name, the reason code and kingup_last_error on failure) and ASSERT a condition; both exit
 * non-zero.
 */
#ifndef KINGUP_EXAMPLES_CHECK_H
#define KINGUP_EXAMPLES_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kingup.h"

/* Prints the failed call, its status, reason and message, then exits. */
static void fail(const char *call, KingupStatus status) {
    /* Buffers of these sizes hold any message and any reason code. */
    char message[KINGUP_MAX_ERROR_LEN], reason[KINGUP_MAX_REASON_LEN];
    size_t len = 0;
    if (kingup_last_error(message, sizeof message, &len) != KINGUP_STATUS_OK) {
        strcpy(message, "(message too long)");
    }
    if (kingup_last_error_reason(reason, sizeof reason, &len) != KINGUP_STATUS_OK) {
        strcpy(reason, "?");
    }
    fprintf(stderr, "%s: %s (%s): %s\n", call, kingup_status_name(status), reason, message);
    exit(EXIT_FAILURE);
}

#define CHECK(call)                                                                        \
    do {                                                                                   \
        KingupStatus status_ = (call);                                                     \
        if (status_ != KINGUP_STATUS_OK) {                                                 \
            fail(#call, status_);                                                          \
        }                                                                                  \
    } while (0)

#define ASSERT(cond)                                                                       \
    do {                                                                                   \
        if (!(cond)) {                                                                     \
            fprintf(stderr, "%s:%d: assertion failed: %s\n", __FILE__, __LINE__, #cond);   \
            exit(EXIT_FAILURE);                                                            \
        }                                                                                  \
    } while (0)

#endif /* KINGUP_EXAMPLES_CHECK_H */
