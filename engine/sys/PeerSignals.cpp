#include "sys/PeerSignals.h"

#include <csignal>

#include <pthread.h>

namespace hostbench::sys {

bool PeerSignals::blockInThisThread()
{
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGPIPE);
    return pthread_sigmask(SIG_BLOCK, &set, nullptr) == 0;
}

void PeerSignals::ignoreInProcess()
{
    std::signal(SIGPIPE, SIG_IGN);
}

} // namespace hostbench::sys
