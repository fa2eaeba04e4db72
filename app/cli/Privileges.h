#pragma once

#include <QString>

#include <sys/types.h>

#include <optional>

namespace hostbench::cli {

/*
 * Who `hostbench-cli serve` runs as once its ports are bound, as nginx's
 * `user` directive: started as root, it binds (a port below 1024 is
 * allowed), then gives root up for `--user NAME`, else for the user who ran
 * sudo ($SUDO_USER). Root with neither is refused: staying root takes
 * `--user root`, and the log says so. Started as another user, `--user` may
 * only name that user (there is nothing to give up).
 *
 * drop() sets the supplementary groups (initgroups), the group, then the
 * user (real, effective and saved: setresgid/setresuid), for every thread
 * of the process (glibc applies them to all), and checks that root cannot
 * be had back.
 * Thread: the main thread, before serving.
 */
class Privileges final
{
public:
    struct Plan
    {
        enum class Action {
            Keep, // not root: nothing to change
            Drop, // root: become `user`
            StayRoot, // root, and --user root asked to stay so
        };
        Action action = Action::Keep;
        QString user; // Drop: the user's name
        uid_t uid = 0;
        gid_t gid = 0; // the user's primary group
    };

    // The plan for --user `user` (nullopt: not given) in a process whose
    // effective user is `euid`, with $SUDO_USER `sudoUser` (empty: unset).
    // nullopt with the reason in *error: no such user, root without a user,
    // or a user other than oneself asked for without root.
    static std::optional<Plan> plan(
        const std::optional<QString> &user, uid_t euid, const QString &sudoUser, QString *error);
    // Carries the plan out; false with the reason in *error.
    static bool drop(const Plan &plan, QString *error);
    // Before drop(): what root made in `folder` (the local CA, made at the
    // start, before the drop) becomes the user's, every file and folder in it
    // with its mode kept, when the folder's parent (the data folder) is that
    // user's already: after the drop the user's reloads issue certificates
    // with the CA's key. A data folder of someone else's is left alone (serve
    // warns that the user cannot write it). True when nothing was to be done;
    // false with the path and reason in *error when an lchown failed.
    static bool handOver(const QString &folder, const Plan &plan, QString *error);
    // The line serve logs for the plan, once carried out.
    static QString describe(const Plan &plan);
};

} // namespace hostbench::cli
