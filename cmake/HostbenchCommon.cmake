# Shared build settings: one interface target that every Hostbench target links.
set(CMAKE_CXX_STANDARD 20)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
set(CMAKE_CXX_EXTENSIONS OFF)
if(NOT CMAKE_BUILD_TYPE AND NOT CMAKE_CONFIGURATION_TYPES)
    set(CMAKE_BUILD_TYPE RelWithDebInfo CACHE STRING "Build type" FORCE)
endif()

set(HOSTBENCH_SANITIZE "" CACHE STRING "Sanitizers to enable, e.g. address,undefined")
option(HOSTBENCH_FUZZ "Build tests/fuzz as libFuzzer binaries (clang only)" OFF)

add_library(hostbench_common INTERFACE)
target_compile_features(hostbench_common INTERFACE cxx_std_20)
target_compile_definitions(hostbench_common INTERFACE
    QT_NO_CAST_FROM_ASCII
    QT_NO_CONTEXTLESS_CONNECT
    QT_USE_QSTRINGBUILDER
    QT_NO_URL_CAST_FROM_STRING
    BOOST_ASIO_NO_DEPRECATED
    # Without NDEBUG (sanitizer and fuzz builds) Boost's assertions call
    # engine/model/BoostAssert.cpp; release builds have none, as before.
    BOOST_ENABLE_ASSERT_DEBUG_HANDLER
    HOSTBENCH_VERSION="${PROJECT_VERSION}")
target_compile_options(hostbench_common INTERFACE -Wall -Wextra -Wpedantic)
if(HOSTBENCH_SANITIZE)
    target_compile_options(hostbench_common INTERFACE -fsanitize=${HOSTBENCH_SANITIZE} -fno-omit-frame-pointer)
    target_link_options(hostbench_common INTERFACE -fsanitize=${HOSTBENCH_SANITIZE})
endif()
if(HOSTBENCH_FUZZ)
    if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
        message(FATAL_ERROR "HOSTBENCH_FUZZ needs clang (libFuzzer): -DCMAKE_CXX_COMPILER=clang++-14")
    endif()
    # Coverage for libFuzzer in every library; the fuzz binaries link its main.
    target_compile_options(hostbench_common INTERFACE -fsanitize=fuzzer-no-link)
endif()
