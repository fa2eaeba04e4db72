#pragma once

#include "http/UniqueFd.h"

#include <utility>

namespace hostbench::http {

/*
 * A file descriptor shared by the worker's file cache and the responses
 * that send from it: closed when the last holder lets go, so a file the
 * cache has dropped (changed, evicted) stays open for a connection still
 * sending it, and is closed when that send ends. Copying adds a holder
 * (no system call, no allocation); making one from a UniqueFd allocates its
 * count once, when the file is opened.
 *
 * The count is not atomic. Thread: every copy belongs to one worker thread
 * (its FileCache and its connections' Responses); after that thread has
 * ended, to whoever destroys the worker.
 */
class SharedFd final
{
public:
    SharedFd() = default;
    explicit SharedFd(UniqueFd fd)
    {
        if (fd.isValid())
            m_block = new Block { fd.release(), 1 };
    }
    SharedFd(const SharedFd &other)
        : m_block(other.m_block)
    {
        if (m_block)
            ++m_block->holders;
    }
    SharedFd(SharedFd &&other) noexcept
        : m_block(std::exchange(other.m_block, nullptr))
    { }
    SharedFd &operator=(const SharedFd &other)
    {
        SharedFd copy(other);
        std::swap(m_block, copy.m_block);
        return *this;
    }
    SharedFd &operator=(SharedFd &&other) noexcept
    {
        if (this != &other) {
            reset();
            m_block = std::exchange(other.m_block, nullptr);
        }
        return *this;
    }
    SharedFd &operator=(UniqueFd fd) { return *this = SharedFd(std::move(fd)); }
    ~SharedFd() { reset(); }

    int get() const { return m_block ? m_block->fd : -1; }
    bool isValid() const { return m_block != nullptr; }
    void reset()
    {
        if (m_block && --m_block->holders == 0) {
            ::close(m_block->fd);
            delete m_block;
        }
        m_block = nullptr;
    }

private:
    struct Block
    {
        int fd;
        unsigned holders;
    };
    Block *m_block = nullptr;
};

} // namespace hostbench::http
