#pragma once

#include <QHostAddress>
#include <QString>

#include <optional>

namespace hostbench::control {

/*
 * Where the control API of the instance running on a data folder listens:
 * `<folder>/control.endpoint`, one line "ADDR:PORT" (IPv6 in brackets), an
 * address other programs on this machine can reach (127.0.0.1 for an API
 * listening on any address). The instance writes it once it listens and
 * removes it when it stops; `hostbench-cli` reads it to find the instance.
 * A file left by an instance that was killed names a port where nothing
 * answers (or something else, which then refuses the token): readers must
 * treat it as a hint.
 *
 * Thread: any; the functions keep no state. The file is replaced whole
 * (QSaveFile).
 */
class ControlEndpoint final
{
public:
    static constexpr char kFileName[] = "control.endpoint";

    struct Address
    {
        QHostAddress address;
        quint16 port = 0;
    };

    static QString filePath(const QString &folder);
    static bool write(const QString &folder, const QHostAddress &listening, quint16 port, QString *error);
    static std::optional<Address> read(const QString &folder);
    // Removes the file if it still names `port` (another instance may have replaced it since).
    static void remove(const QString &folder, quint16 port);
};

} // namespace hostbench::control
