// hostbench_capped_server PORT PER_SECOND BODY: CappedServer (CappedServer.h)
// as a process of its own, for tst_shootout's stand-in server of known
// capacity; it serves until SIGTERM or SIGINT.
#include "CappedServer.h"

#include <csignal>
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv)
{
    if (argc != 4) {
        std::fprintf(stderr, "usage: hostbench_capped_server PORT PER_SECOND BODY\n");
        return 2;
    }
    sigset_t stopSignals;
    sigemptyset(&stopSignals);
    sigaddset(&stopSignals, SIGTERM);
    sigaddset(&stopSignals, SIGINT);
    pthread_sigmask(SIG_BLOCK, &stopSignals, nullptr); // the server's thread inherits the mask
    hostbench::test::CappedServer server(
        std::atof(argv[2]), QByteArray(argv[3]), quint16(std::atoi(argv[1])));
    if (server.port() == 0) {
        std::fprintf(stderr, "hostbench_capped_server: cannot listen on 127.0.0.1:%s\n", argv[1]);
        return 1;
    }
    int received = 0;
    sigwait(&stopSignals, &received);
    return 0;
}
