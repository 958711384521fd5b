// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract Counter {
    uint256 public number;

    event Incremented(uint256 number);

    constructor(uint256 start) {
        number = start;
    }

    function increment() external {
        number += 1;
        emit Incremented(number);
    }
}
