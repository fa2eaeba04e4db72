#pragma once

#include <QStringList>

namespace hostbench::cli {

/*
 * `hostbench-cli ca status|trust|untrust|export [FILE] [--stores all|system|browsers] [--data-dir DIR]`:
 * the data folder's local certificate authority (tls::LocalCa), as mkcert's
 * -install / -uninstall / -CAROOT.
 *   status   the root (subject, SHA-256 fingerprint, expiry, files) and, per
 *            trust store, whether it is trusted now
 *   trust    makes the stores trust the root where this user can (the
 *            system store needs root), and prints the commands for the rest
 *   untrust  the reverse
 *   export   writes the root certificate (never its key) to FILE, or stdout
 * The root is made on first use (trust, export; status only reports).
 * Exit 1 with the reason when the CA folder cannot be read or made, or a
 * store that could be changed failed. Thread: the main thread.
 */
class CaCommand final
{
public:
    static int run(const QStringList &arguments);
};

} // namespace hostbench::cli
